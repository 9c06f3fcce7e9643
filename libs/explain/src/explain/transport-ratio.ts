import type { ScenarioResult } from '@app/bench';
import { versusOf } from '@app/bench';
import type { RatioEstimate } from '@app/bench';
import { effectOf } from './sentence-parts';
import { caseNoise } from './case-noise';
import type { CaseNoise } from './explanation.interface';

/**
 * gRPC against JSON on one case under one condition (a network profile, a runtime): the fields every such verdict row
 * has, so the tables and sentences that read them read one shape.
 */
export interface TransportRatio {
  jsonMs: number;
  grpcMs: number;
  /** Median gRPC time over median JSON time: below 1, gRPC took less. */
  ratio: number;
  /** Its percentile-bootstrap 95% interval (result/tell-apart.ts); null without runs. */
  ratioCi: RatioEstimate | null;
  /**
   * The faster side when that interval lies wholly below or above 1; 'cannot tell' otherwise; 'too few runs' when a
   * side has fewer than MIN_RUNS_FOR_VERDICT runs (the interval is still shown, but decides nothing).
   */
  verdict: 'grpc' | 'json' | 'cannot tell' | 'too few runs';
  /** The smaller of the two sides' measured-run counts. */
  runsPerSide: number;
  /** How quiet the machine was over both sides' runs; null when not measured. */
  noise: CaseNoise | null;
}

/** gRPC's result against JSON's on the same case: the medians, their ratio with its interval, and the side it names. */
export function transportRatioOf(grpc: ScenarioResult, json: ScenarioResult): TransportRatio {
  const versus = versusOf(grpc, json, null);
  const effect = effectOf(versus);
  return {
    jsonMs: json.stats.medianMs,
    grpcMs: grpc.stats.medianMs,
    ratio: versus.medianRatio,
    ratioCi: versus.ratioCi,
    verdict: effect === 'faster' ? 'grpc' : effect === 'slower' ? 'json' : effect,
    runsPerSide: versus.runsPerSide,
    noise: caseNoise([json, grpc]),
  };
}
