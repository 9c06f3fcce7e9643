// Node runtimes to run the workbench on: named by a spec (a major, an exact version, a path, 'current'), fetched from
// the npm registry's official binaries into a project cache with their integrity checked, and probed before use.
export { parseRuntimeSpec, ACCEPTED_SPECS, type RuntimeSpec } from './runtime-spec';
export { resolveRuntime, type ResolvedRuntime, type ResolveOptions, type RuntimeSource } from './resolve-runtime';
export { resolveRuntimes } from './resolve-runtimes';
export { fetchRuntime, type FetchOptions, type FetchedRuntime } from './fetch-runtime';
export { probeRuntime, type RuntimeVersions } from './probe-runtime';
export { runtimesCacheDir, cachedVersions, cachedBinary } from './runtimes-cache';
export { platformPackageName } from './platform-package';
export { registryUrl, DEFAULT_REGISTRY } from './registry-url';
export { RuntimeError } from './runtime-error';
export { SUPPORTED_NODE } from './supported-node';
export { pastEndOfLife } from './node-end-of-life';
