import { RuntimeError } from './runtime-error';
import { networkProblem } from './network-problem';
import { newestOfMajor } from './versions';

/** The part of an npm packument (a package's document on the registry) a runtime fetch reads. */
export interface Packument {
  name: string;
  versions: Record<string, { version: string; dist: { tarball: string; integrity?: string } }>;
}

export type PackumentVersion = Packument['versions'][string];

const PACKUMENT_TIMEOUT_MS = 30_000;

/**
 * The package's packument from the registry. The abbreviated form (what `npm install` asks for) is enough: it carries
 * every version's tarball and integrity in a fraction of the bytes.
 */
export async function fetchPackument(spec: string, registry: string, name: string): Promise<Packument> {
  const url = `${registry}${name}`;
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/vnd.npm.install-v1+json; q=1.0, application/json; q=0.8' },
      signal: AbortSignal.timeout(PACKUMENT_TIMEOUT_MS),
    });
  } catch (error) {
    throw new RuntimeError(
      spec,
      `cannot reach the npm registry at ` +
        `${url} (${networkProblem(error)}); use a cached runtime, a path to a node binary, or check the network`,
    );
  }
  if (response.status === 404)
    throw new RuntimeError(
      spec,
      `the npm registry ${registry} has no package ` +
        `${name}: Node.js publishes no official binary for this platform there; pass a path to a node binary instead`,
    );
  if (!response.ok)
    throw new RuntimeError(spec, `the npm registry answered ${response.status} ${response.statusText} for ${url}`);
  return (await response.json()) as Packument;
}

/** The version a spec asks for: a major's newest release in the packument, or the exact version if it is there. */
export function pickVersion(
  spec: string,
  packument: Packument,
  wanted: { major: number } | { version: string },
): PackumentVersion {
  const version = 'major' in wanted ? newestOfMajor(Object.keys(packument.versions), wanted.major) : wanted.version;
  const entry = version === undefined ? undefined : packument.versions[version];
  if (!entry) {
    const what = 'major' in wanted ? `no release of Node ${wanted.major}` : `no version ${wanted.version}`;
    throw new RuntimeError(spec, `the npm registry has ${what} in ${packument.name}`);
  }
  return entry;
}
