import type { RatioEstimate } from '../stats/bootstrap-ratio';

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
}
