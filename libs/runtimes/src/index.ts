// Node runtimes to run the workbench on: named by a spec (a major, an exact version, a path, 'current'), fetched from
// the npm registry's official binaries into a project cache with their integrity checked, and probed before use.
export { parseRuntimeSpec } from './runtime-spec';
export { resolveRuntime, type ResolvedRuntime, type ResolveOptions } from './resolve-runtime';
export { resolveRuntimes } from './resolve-runtimes';
export { fetchRuntime } from './fetch-runtime';
export { probeRuntime } from './probe-runtime';
export { runtimesCacheDir, cachedVersions, cachedBinary } from './runtimes-cache';
export { platformPackageName } from './platform-package';

export { RuntimeError } from './runtime-error';

export { pastEndOfLife } from './node-end-of-life';
