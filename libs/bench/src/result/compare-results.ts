import { compareMedians } from '../stats/compare-medians';
import type { ScenarioResult } from './result.interface';

/** JSON and gRPC side by side from one interleaved run; ratios > 1 mean gRPC took longer. */
export interface Comparison {
  json: ScenarioResult;
  grpc: ScenarioResult;
  ratio: { medianGrpcOverJson: number; meanGrpcOverJson: number };
  /** The transport with the lower median ('tie' only when they are equal), whether or not that is distinguishable. */
  faster: 'json' | 'grpc' | 'tie';
  /**
   * Whether the medians' 95% confidence intervals are apart (see stats/compare-medians.ts): false means `faster` could
   * be chance. Few runs cannot be told apart at all (3 + 3 never can), so ask for 5 or more when it matters.
   */
  distinguishable: boolean;
}

export function compareResults(json: ScenarioResult, grpc: ScenarioResult): Comparison {
  const medianRatio = grpc.stats.medianMs / json.stats.medianMs;
  const times = (r: ScenarioResult) => r.runs.map((s) => s.ms);
  // A result without runs has no median to compare (the engine always measures at least one).
  const order = json.runs.length && grpc.runs.length ? compareMedians(times(json), times(grpc)).order : 'not distinguishable';
  return {
    json,
    grpc,
    ratio: { medianGrpcOverJson: medianRatio, meanGrpcOverJson: grpc.stats.meanMs / json.stats.meanMs },
    faster: medianRatio > 1 ? 'json' : medianRatio < 1 ? 'grpc' : 'tie',
    distinguishable: order !== 'not distinguishable',
  };
}
