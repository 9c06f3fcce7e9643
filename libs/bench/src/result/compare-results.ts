import type { ScenarioResult } from './result.interface';

/** JSON and gRPC side by side from one interleaved run; ratios > 1 mean gRPC took longer. */
export interface Comparison {
  json: ScenarioResult;
  grpc: ScenarioResult;
  ratio: { medianGrpcOverJson: number; meanGrpcOverJson: number };
  faster: 'json' | 'grpc' | 'tie';
}

export function compareResults(json: ScenarioResult, grpc: ScenarioResult): Comparison {
  const medianRatio = grpc.stats.medianMs / json.stats.medianMs;
  return {
    json,
    grpc,
    ratio: { medianGrpcOverJson: medianRatio, meanGrpcOverJson: grpc.stats.meanMs / json.stats.meanMs },
    faster: medianRatio > 1 ? 'json' : medianRatio < 1 ? 'grpc' : 'tie',
  };
}
