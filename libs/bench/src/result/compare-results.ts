import { compareMedians } from '../stats/compare-medians';
import type { ScenarioResult } from './result.interface';

/** JSON and gRPC side by side from one interleaved run; ratios > 1 mean gRPC took longer. */
export interface Comparison {
  json: ScenarioResult;
  grpc: ScenarioResult;
  ratio: { medianGrpcOverJson: number; meanGrpcOverJson: number };
  /** Whether the medians' 95% confidence intervals are apart (see stats/compare-medians.ts). */
  distinguishable: boolean;
  /** The transport with the lower median when distinguishable; otherwise 'tie', however the point medians fall. */
  faster: 'json' | 'grpc' | 'tie';
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
    distinguishable: order !== 'not distinguishable',
    faster: order === 'a-lower' ? 'json' : order === 'b-lower' ? 'grpc' : 'tie',
  };
}
