import type { NoiseSummary, RunSample, ScenarioResult } from '../result/result.interface';

/** Foreign CPU, in cores, above which a run is disturbed unless --disturbed-above says otherwise. */
export const DEFAULT_DISTURBED_ABOVE = 0.2;

/** The scenario's noise from its runs' figures: each run marked disturbed or not, and the summary over them. */
export function judgeNoise(result: ScenarioResult, disturbedAbove = DEFAULT_DISTURBED_ABOVE): ScenarioResult {
  const runs: RunSample[] = result.runs.map((s) => ({ ...s, disturbed: s.foreignCpuCores == null ? null : s.foreignCpuCores > disturbedAbove }));
  const measured = runs.filter((s) => s.foreignCpuCores != null);
  const max = (pick: (s: RunSample) => number | null | undefined) => (measured.length > 0 ? Math.max(...measured.map((s) => pick(s) ?? 0)) : null);
  const noise: NoiseSummary = {
    disturbedAbove,
    disturbedRuns: measured.length > 0 ? measured.filter((s) => s.disturbed).length : null,
    maxForeignCpuCores: max((s) => s.foreignCpuCores),
    maxStealCores: max((s) => s.stealCores),
  };
  return { ...result, runs, noise };
}
