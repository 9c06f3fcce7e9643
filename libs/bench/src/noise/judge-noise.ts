import { DEFAULT_DISTURBED_ABOVE } from '@app/resources';
import type { NoiseSummary, RunSample, ScenarioResult } from '../result/result.interface';

export { DEFAULT_DISTURBED_ABOVE };

/** The one rule: a run is disturbed when other processes used more than the threshold beside it; unknown is not. */
export function isDisturbed(foreignCpuCores: number | null | undefined, disturbedAbove: number): boolean {
  return foreignCpuCores != null && foreignCpuCores > disturbedAbove;
}

/**
 * The scenario's noise from its kept runs' figures: each marked disturbed or not, and the summary over them, with
 * the disturbed runs that were measured again and replaced (replacedRuns, --quiet) counted apart.
 */
export function judgeNoise(result: ScenarioResult, disturbedAbove = DEFAULT_DISTURBED_ABOVE): ScenarioResult {
  const runs: RunSample[] = result.runs.map((s) => ({
    ...s,
    disturbed: s.foreignCpuCores == null ? null : isDisturbed(s.foreignCpuCores, disturbedAbove),
  }));
  const measured = runs.filter((s) => s.foreignCpuCores != null);
  const max = (pick: (s: RunSample) => number | null | undefined) =>
    measured.length > 0 ? Math.max(...measured.map((s) => pick(s) ?? 0)) : null;
  const noise: NoiseSummary = {
    disturbedAbove,
    disturbedRuns: measured.length > 0 ? measured.filter((s) => s.disturbed).length : null,
    maxForeignCpuCores: max((s) => s.foreignCpuCores),
    maxStealCores: max((s) => s.stealCores),
    replacedDisturbedRuns: result.replacedRuns?.length ?? 0,
  };
  return { ...result, runs, noise };
}
