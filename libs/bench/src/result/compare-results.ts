import type { ScenarioResult } from './result.interface';
import { tellApart } from './tell-apart';

/** JSON and gRPC side by side from one interleaved run; ratios > 1 mean gRPC took longer. */
export interface Comparison {
  json: ScenarioResult;
  grpc: ScenarioResult;
  ratio: { medianGrpcOverJson: number; meanGrpcOverJson: number };
  /**
   * The transport with the lower median ('tie' only when they are equal), whether or not that is distinguishable;
   * null when a side has fewer than MIN_RUNS_FOR_VERDICT runs (stats/min-runs-for-verdict.ts): too few to name one.
   */
  faster: 'json' | 'grpc' | 'tie' | null;
  /**
   * Whether the medians' 95% confidence intervals are apart (see result/tell-apart.ts): false means `faster` could
   * be chance. Always false below MIN_RUNS_FOR_VERDICT runs a side (`tooFewRuns`).
   */
  distinguishable: boolean;
  /** A side has fewer than MIN_RUNS_FOR_VERDICT measured runs: no side is named faster, whatever the figures. */
  tooFewRuns: boolean;
  /**
   * What the runs conclude: the side they tell apart as faster (`distinguishable`), else `cannot tell`, or
   * `too few runs`. `faster` is only the lower median; this is the verdict the sentences print.
   */
  verdict: ComparisonVerdict<'json' | 'grpc'>;
}

/** A comparison's conclusion: the side the runs tell apart as faster, or why none is named. */
export type ComparisonVerdict<Side extends string> = Side | 'cannot tell' | 'too few runs';

/** The verdict of a lower median (`faster`) and whether the runs tell the two apart. */
export function verdictOf<Side extends string>(
  faster: Side | 'tie' | null,
  distinguishable: boolean,
  tooFewRuns: boolean,
): ComparisonVerdict<Side> {
  if (tooFewRuns || faster === null) return 'too few runs';
  return distinguishable && faster !== 'tie' ? faster : 'cannot tell';
}

export function compareResults(json: ScenarioResult, grpc: ScenarioResult): Comparison {
  const medianRatio = grpc.stats.medianMs / json.stats.medianMs;
  const told = tellApart(json.runs, grpc.runs);
  const faster = told.tooFewRuns ? null : medianRatio > 1 ? 'json' : medianRatio < 1 ? 'grpc' : 'tie';
  const distinguishable = told.order !== 'not distinguishable';
  return {
    json,
    grpc,
    ratio: { medianGrpcOverJson: medianRatio, meanGrpcOverJson: grpc.stats.meanMs / json.stats.meanMs },
    faster,
    distinguishable,
    tooFewRuns: told.tooFewRuns,
    verdict: verdictOf(faster, distinguishable, told.tooFewRuns),
  };
}
