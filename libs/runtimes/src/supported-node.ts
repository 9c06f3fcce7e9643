import { intersects, satisfies } from 'semver';
import type { RuntimeSpec } from './runtime-spec';

/** package.json's `engines.node`, which the workbench is tested on (a spec checks that the two agree). */
export const SUPPORTED_NODE = '^20.19 || ^22.12 || >=24';

/**
 * Why a runtime the user named cannot run the workbench, before anything is fetched; null when it can. A major is
 * supported when some release of it is (20 by 20.19 and later); a version when it is in the range itself.
 */
export function outsideSupportedRange(spec: RuntimeSpec): string | null {
  if (spec.kind === 'major' && !intersects(`${spec.major}.x`, SUPPORTED_NODE)) return outside(`Node ${spec.major}`);
  if (spec.kind === 'exact') return unsupportedVersion(spec.version);
  return null;
}

/** The same for a version a binary reported (a path, or what a major resolved to). */
export function unsupportedVersion(version: string): string | null {
  return satisfies(version, SUPPORTED_NODE) ? null : outside(`Node ${version}`);
}

const outside = (what: string) =>
  `${what} is outside the supported range ` +
  `(${SUPPORTED_NODE}, package.json engines); name 20.19 or later, 22.12 or later, or 24 and later`;
