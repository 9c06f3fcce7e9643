import type { BenchRun } from '@app/bench';
import { versusOf } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { VARIANTS, type VariantName } from '@app/bench';
import { wireDifferences } from '@app/bench';
import { connectSentence } from './connect-sentences';
import { caseNoise } from './case-noise';
import type { ConnectPlacement, ConnectPlacements, ConnectVersus } from './connect-placements.interface';

export type { ConnectPlacement, ConnectPlacements, ConnectVersus } from './connect-placements.interface';

/** The two paths every Connect variant is placed against: the article's baselines. */
export const CONNECT_COMPARED_WITH = ['json', 'grpc'] as const;

const variantOf = (r: ScenarioResult): VariantName => r.variant;

/**
 * Each Connect variant against `json` and `grpc`, case by case (a case is a scenario name, so one under a network
 * profile or on a runtime is its own). Null unless some case has a connect-family variant beside json or grpc: a run
 * without them prints as before.
 */
export function connectPlacements(run: BenchRun): ConnectPlacements | null {
  const rows = [...new Set(run.scenarios.map((r) => r.name))].flatMap((caseName) => {
    const results = run.scenarios.filter((r) => r.name === caseName);
    const of = (v: string) => results.find((r) => variantOf(r) === v);
    const [json, grpc] = CONNECT_COMPARED_WITH.map(of);
    if (!json && !grpc) return [];
    return results
      .filter((r) => VARIANTS[variantOf(r)]?.family === 'connect')
      .map((r): ConnectPlacement => {
        const against = (reference: ScenarioResult | undefined): ConnectVersus | null =>
          reference
            ? {
                ...versusOf(r, reference, null),
                differences: wireDifferences(variantOf(r), variantOf(reference), r.mode === 'parallel'),
              }
            : null;
        const noise = caseNoise([r, ...(json ? [json] : []), ...(grpc ? [grpc] : [])]);
        return {
          caseName,
          mode: r.mode,
          rowsPerRequest: r.rowsPerRequest,
          requests: r.requests,
          variant: variantOf(r),
          medianMs: r.stats.medianMs,
          vsJson: against(json),
          vsGrpc: against(grpc),
          noise,
        };
      });
  });
  return rows.length === 0 ? null : { rows, sentences: rows.map(connectSentence) };
}
