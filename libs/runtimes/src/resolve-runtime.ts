import { fetchRuntime, type FetchOptions } from './fetch-runtime';
import { probeRuntime, PROBE_TIMEOUT_MS } from './probe-runtime';
import { RuntimeError } from './runtime-error';
import { outsideSupportedRange, unsupportedVersion } from './supported-node';
import { parseRuntimeSpec, type RuntimeSpec } from './runtime-spec';
import { cachedBinary, cachedVersions, runtimesCacheDir } from './runtimes-cache';
import { majorOf, newestOfMajor } from './versions';

/**
 * Where a resolved runtime came from: the cache as it was, a download just now, a path given, or this process's node.
 */
export type RuntimeSource = 'cache' | 'fetched' | 'path' | 'current';

export interface ResolvedRuntime {
  /** The spec as the user wrote it (`22`, `v24.11.1`, `~/.nvm/versions/node/v22.11.0/bin/node`, `current`). */
  spec: string;
  /** The node binary to start. */
  path: string;
  /** What the binary itself reports, without the leading `v`: `22.11.0`. */
  nodeVersion: string;
  v8Version: string;
  source: RuntimeSource;
}

export interface ResolveOptions extends FetchOptions {
  /** Never download: a runtime missing from the cache is a one-line refusal naming the setup command. */
  offline?: boolean;
  /** Where a relative path is taken from; the current folder when absent. */
  cwd?: string;
  probeTimeoutMs?: number;
}

/**
 * A runtime spec made into a node binary that has answered, or a one-line RuntimeError (the CLIs exit 2).
 *
 * - a major: the newest release of it in the cache, without asking the registry (so a run is reproducible and needs no
 *   network); none cached and this process's node is that major: this process's node; else fetched (newest on the
 *   registry) unless offline.
 * - an exact version: that one from the cache, or this process's node if it is exactly that, else fetched unless
 *   offline.
 * - a path: that binary, as it is. `current`: this process's node (process.execPath).
 */
export async function resolveRuntime(text: string, options: ResolveOptions = {}): Promise<ResolvedRuntime> {
  const spec = parseRuntimeSpec(text, options.cwd);
  // Refused before anything is fetched: a runtime the workbench is not made for would fail later, less clearly.
  const outside = outsideSupportedRange(spec);
  if (outside) throw new RuntimeError(spec.text, outside);
  const { path, source, expected } = await locate(spec, options);
  const versions = await probeRuntime(spec.text, path, options.probeTimeoutMs ?? PROBE_TIMEOUT_MS);
  const unsupported = unsupportedVersion(versions.nodeVersion);
  if (unsupported) throw new RuntimeError(spec.text, `${path} is ${unsupported}`);
  if (expected !== undefined && versions.nodeVersion !== expected) {
    throw new RuntimeError(
      spec.text,
      `${path} reports node ${versions.nodeVersion}, not ` +
        `${expected}: remove that cache folder and run npm run setup:node -- ${expected}`,
    );
  }
  return { spec: spec.text, path, ...versions, source };
}

async function locate(
  spec: RuntimeSpec,
  options: ResolveOptions,
): Promise<{ path: string; source: RuntimeSource; expected?: string }> {
  if (spec.kind === 'current') return { path: process.execPath, source: 'current' };
  if (spec.kind === 'path') return { path: spec.path, source: 'path' };
  const cacheDir = options.cacheDir ?? runtimesCacheDir(options.env ?? process.env);
  const cached =
    spec.kind === 'major'
      ? newestOfMajor(cachedVersions(cacheDir), spec.major)
      : cachedVersions(cacheDir).find((v) => v === spec.version);
  if (cached) return { path: cachedBinary(cacheDir, cached), source: 'cache', expected: cached };
  const current = process.versions.node;
  if (spec.kind === 'major' ? majorOf(current) === spec.major : current === spec.version)
    return { path: process.execPath, source: 'current' };
  const wanted = spec.kind === 'major' ? { major: spec.major } : { version: spec.version };
  if (options.offline) {
    const what = spec.kind === 'major' ? `no Node ${spec.major}` : `no Node ${spec.version}`;
    throw new RuntimeError(
      spec.text,
      `${what} in the cache ` +
        `(${cacheDir}) and offline forbids fetching it; run: npm run setup:node ` +
        `-- ${spec.kind === 'major' ? spec.major : spec.version}`,
    );
  }
  const fetched = await fetchRuntime(spec.text, wanted, { ...options, cacheDir });
  return { path: fetched.path, source: fetched.source, expected: fetched.version };
}
