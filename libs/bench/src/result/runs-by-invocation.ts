import type { RunSample } from './result.interface';

/**
 * The invocation a run was measured in; runs from files written before invocations, and from the endpoints, are all 1.
 */
export const invocationOf = (sample: Pick<RunSample, 'invocation'>): number => sample.invocation ?? 1;

/** How many invocations a side's runs came from (the highest invocation number; 0 without runs). */
export function invocationCount(runs: readonly Pick<RunSample, 'invocation'>[]): number {
  return runs.reduce((most, r) => Math.max(most, invocationOf(r)), 0);
}

/**
 * Run times grouped by invocation, index k - 1 for invocation k, up to `count` groups (so two sides line up by
 * invocation: the same processes served both); an invocation a side made no run in is an empty group.
 */
export function runsByInvocation(
  runs: readonly Pick<RunSample, 'invocation' | 'ms'>[],
  count = invocationCount(runs),
): number[][] {
  return valuesByInvocation(runs, (r) => r.ms, count);
}

/** Any per-run value grouped as runsByInvocation groups run times (a phase's time, say); runs without it left out. */
export function valuesByInvocation<R extends Pick<RunSample, 'invocation'>>(
  runs: readonly R[],
  value: (run: R) => number | null | undefined,
  count = invocationCount(runs),
): number[][] {
  const groups: number[][] = Array.from({ length: count }, () => []);
  for (const r of runs) {
    const v = value(r);
    if (typeof v === 'number') groups[invocationOf(r) - 1]?.push(v);
  }
  return groups;
}
