import { existsSync } from 'node:fs';
import { integrityProblem } from './integrity';
import { installIntoCache } from './install-into-cache';
import { networkProblem } from './network-problem';
import { platformPackageName } from './platform-package';
import { fetchPackument, pickVersion } from './registry-packument';
import { registryUrl } from './registry-url';
import { RuntimeError } from './runtime-error';
import { cachedBinary, runtimesCacheDir } from './runtimes-cache';

export interface FetchOptions {
  /** The cache folder; runtimesCacheDir(env) when absent. */
  cacheDir?: string;
  /** The registry's URL; registryUrl(env) when absent. */
  registry?: string;
  env?: NodeJS.ProcessEnv;
  /** Where the one line announcing a download goes; stderr when absent. */
  log?: (line: string) => void;
  /** The package's platform and arch; this process's when absent. */
  platform?: string;
  arch?: string;
}

export interface FetchedRuntime {
  /** The exact version, without a leading `v`: `24.11.1`. */
  version: string;
  /** The node binary in the cache. */
  path: string;
  /** 'cache': it was there already, nothing was downloaded. */
  source: 'cache' | 'fetched';
  /** The tarball's size, when it was downloaded. */
  bytes?: number;
}

const DOWNLOAD_TIMEOUT_MS = 10 * 60_000;

/**
 * Puts one Node release into the cache from the npm registry's official binaries (`node-<platform>-<arch>@<version>`)
 * and returns it. A major asks the registry for its newest release; an exact version already cached is returned
 * without asking anything. The tarball is checked against the packument's `dist.integrity` before it is unpacked: a
 * mismatch is a RuntimeError naming both digests, and nothing reaches the cache.
 */
export async function fetchRuntime(
  spec: string,
  wanted: { major: number } | { version: string },
  options: FetchOptions = {},
): Promise<FetchedRuntime> {
  const env = options.env ?? process.env;
  const cacheDir = options.cacheDir ?? runtimesCacheDir(env);
  if ('version' in wanted && existsSync(cachedBinary(cacheDir, wanted.version))) {
    return { version: wanted.version, path: cachedBinary(cacheDir, wanted.version), source: 'cache' };
  }
  const registry = options.registry ?? registryUrl(env);
  const name = platformPackageName(options.platform, options.arch);
  const chosen = pickVersion(spec, await fetchPackument(spec, registry, name), wanted);
  if (existsSync(cachedBinary(cacheDir, chosen.version))) {
    return { version: chosen.version, path: cachedBinary(cacheDir, chosen.version), source: 'cache' };
  }
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  log(`node runtime ${spec}: fetching ${name}@${chosen.version} from ${chosen.dist.tarball} into ${cacheDir}`);
  const tarball = await download(spec, chosen.dist.tarball);
  const problem = integrityProblem(tarball, chosen.dist.integrity);
  if (problem) throw new RuntimeError(spec, `${name}@${chosen.version} refused: ${problem}`);
  try {
    const path = await installIntoCache(cacheDir, chosen.version, tarball);
    return { version: chosen.version, path, source: 'fetched', bytes: tarball.length };
  } catch (error) {
    throw new RuntimeError(
      spec,
      `${name}@${chosen.version} could not be cached in ${cacheDir}: ${(error as Error).message}`,
    );
  }
}

async function download(spec: string, url: string): Promise<Buffer> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new RuntimeError(spec, `cannot download ${url} (${networkProblem(error)})`);
  }
}
