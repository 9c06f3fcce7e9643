import { poolNoise } from './case-noise';
import { noiseClause } from './sentence-parts';
import type { LoadLevelResult } from '@app/load';

/**
 * How quiet the machine was beside a load run's levels, in the words of a bench verdict's noise clause: "Noise: 1 of 8
 * levels disturbed, up to 0.6 of a core beside them." Null unless every level measured it (Linux, files since it).
 */
export function loadNoiseSentence(levels: readonly LoadLevelResult[]): string | null {
  const pooled = poolNoise(
    levels.map((l) =>
      l.foreignCpuCores == null || l.disturbed == null
        ? null
        : { runs: 1, disturbedRuns: l.disturbed ? 1 : 0, maxForeignCpuCores: l.foreignCpuCores },
    ),
  );
  const clause = noiseClause(pooled, 'levels');
  return clause ? `Noise: ${clause}.` : null;
}
