import { lookAtMachine, type MachineLook } from './look-at-machine';

/** --quiet waits this long at most for a quiet machine before each case, then runs anyway and says so. */
export const QUIET_WAIT_MS = 30_000;

/**
 * --quiet: looks until other processes use at most `disturbedAbove` cores (the load average, which trails by a
 * minute, is not waited for), for `limitMs` at most; returns what to say, or null when the machine was quiet at once.
 * The CLI waits with it before each case, the engine before it runs a disturbed run again.
 */
export async function waitForQuiet(
  disturbedAbove: number,
  limitMs = QUIET_WAIT_MS,
  look: () => Promise<MachineLook> = lookAtMachine,
): Promise<string | null> {
  const started = Date.now();
  let seen = await look();
  if (seen.foreignCpuCores === null || seen.foreignCpuCores <= disturbedAbove) return null;
  while (Date.now() - started < limitMs) {
    seen = await look();
    if ((seen.foreignCpuCores ?? 0) <= disturbedAbove)
      return `waited ${((Date.now() - started) / 1000).toFixed(1)} s for a quiet machine`;
  }
  return (
    `the machine stayed busy for ` +
    `${limitMs / 1000} s (${seen.foreignCpuCores} cores used by other processes): running anyway`
  );
}
