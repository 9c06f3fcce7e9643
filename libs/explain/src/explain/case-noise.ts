import type { ScenarioResult } from '@app/bench';
import type { CaseNoise } from './explanation.interface';

/** The runs of several results pooled: how many there were, how many disturbed, the most foreign CPU beside one. */
export function poolNoise(all: readonly (CaseNoise | null | undefined)[]): CaseNoise | null {
  if (all.length === 0 || all.some((n) => !n)) return null;
  const known = all as CaseNoise[];
  return {
    runs: known.reduce((sum, n) => sum + n.runs, 0),
    disturbedRuns: known.reduce((sum, n) => sum + n.disturbedRuns, 0),
    maxForeignCpuCores: Math.max(...known.map((n) => n.maxForeignCpuCores)),
    replacedRuns: known.reduce((sum, n) => sum + (n.replacedRuns ?? 0), 0),
  };
}

/** A case's runs pooled over its variants; null unless every variant measured its noise (Linux, files since it). */
export function caseNoise(results: readonly ScenarioResult[]): CaseNoise | null {
  return poolNoise(
    results.map((r) =>
      r.noise?.disturbedRuns == null || r.noise.maxForeignCpuCores == null
        ? null
        : {
            runs: r.runs.length,
            disturbedRuns: r.noise.disturbedRuns,
            maxForeignCpuCores: r.noise.maxForeignCpuCores,
            replacedRuns: r.noise.replacedDisturbedRuns ?? 0,
          },
    ),
  );
}
