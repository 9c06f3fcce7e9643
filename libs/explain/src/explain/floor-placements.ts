import {
  versusOf,
  VARIANTS,
  type BenchRun,
  type ScenarioResult,
  type TransportKind,
  type VariantName,
} from '@app/bench';
import type { VariantVersus } from '@app/bench';
import { caseNoise } from './case-noise';
import type { CaseNoise } from './explanation.interface';
import { caseWords, endWithNoise, interval, times, verdictPhrase } from './sentence-parts';

/**
 * One case and one family: its fastest Node path against the native floor of the same family (the fastest of its
 * Go reference server's variants) in the same run.
 */
export interface FloorPlacement {
  caseName: string;
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  family: TransportKind;
  /** The family's Node path with the lowest median in the case, and that median. */
  best: VariantName;
  bestMs: number;
  /** The family's native variant with the lowest median in the case, and that median. */
  floor: VariantName;
  floorMs: number;
  /** best over floor: how many times the floor's time the best Node path took, with the ratio's interval. */
  versus: VariantVersus;
  noise: CaseNoise | null;
}

export interface FloorPlacements {
  /** In the run's order of cases, then families as the registry orders them. */
  rows: FloorPlacement[];
  /** One per row (floorSentence). */
  sentences: string[];
}

const fastest = (results: ScenarioResult[]): ScenarioResult | undefined =>
  results.reduce<ScenarioResult | undefined>((a, r) => (!a || r.stats.medianMs < a.stats.medianMs ? r : a), undefined);

/**
 * Each case's fastest Node path of each family against that family's native floor, where the case has both. Null
 * unless some case has a native variant (go-json, go-grpc...) beside a Node path of its family: a run without the Go
 * servers prints as before. "Fastest" is the lowest median of the paths run, so a run that left out a family's
 * fastest Node path reports the best it had, by name.
 */
export function floorPlacements(run: BenchRun): FloorPlacements | null {
  const rows = [...new Set(run.scenarios.map((r) => r.name))].flatMap((caseName) => {
    const results = run.scenarios.filter((r) => r.name === caseName && VARIANTS[r.variant] !== undefined);
    const families = [...new Set(results.map((r) => VARIANTS[r.variant].family))];
    return families.flatMap((family): FloorPlacement[] => {
      const ofFamily = results.filter((r) => VARIANTS[r.variant].family === family);
      const floor = fastest(ofFamily.filter((r) => VARIANTS[r.variant].native));
      const best = fastest(ofFamily.filter((r) => !VARIANTS[r.variant].native));
      if (!floor || !best) return [];
      return [
        {
          caseName,
          mode: best.mode,
          rowsPerRequest: best.rowsPerRequest,
          requests: best.requests,
          family,
          best: best.variant,
          bestMs: best.stats.medianMs,
          floor: floor.variant,
          floorMs: floor.stats.medianMs,
          versus: versusOf(best, floor, null),
          noise: caseNoise([best, floor]),
        },
      ];
    });
  });
  return rows.length === 0 ? null : { rows, sentences: rows.map(floorSentence) };
}

const FAMILY_WORDS: Record<TransportKind, string> = { json: 'JSON', grpc: 'gRPC', connect: 'Connect' };

/**
 * "rows-1000000 (one request of 1,000,000 rows): JSON's fastest Node path, json-stream, took 2.41× the Go floor's
 * time (go-json-stream, 95% CI 2.20–2.63): go-json-stream is faster; machine quiet: ...".
 */
export function floorSentence(p: FloorPlacement): string {
  const ci = interval(p.versus).replace(/^ \(/, ', ').replace(/\)$/, '');
  return endWithNoise(
    `${p.caseName} (${caseWords(p)}): ${FAMILY_WORDS[p.family]}'s fastest Node path, ${p.best}, took ` +
      `${times(p.versus.medianRatio)} the Go floor's time (${p.floor}${ci}): ` +
      `${verdictPhrase(p.versus, p.best, p.floor)}.`,
    p.noise,
  );
}
