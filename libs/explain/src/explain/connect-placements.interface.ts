// What the Connect placements hold, apart from how they are computed (connect-placements.ts) and told
// (connect-sentences.ts), so neither imports the other.
import type { VariantVersus } from '@app/bench';
import type { CaseNoise } from './explanation.interface';
import type { ScenarioResult } from '@app/bench';
import type { VariantName } from '@app/bench';

/**
 * A Connect variant against one of Nest's two paths in the same case: the ratio with its interval, and what differs.
 */
export interface ConnectVersus extends VariantVersus {
  /**
   * The wire factors that differ (scenario/wire-traits.ts; the client and server libraries always do); null when
   * unknown.
   */
  differences: string[] | null;
}

/** One case and one connect variant, placed against `json` and `grpc` of the same case. */
export interface ConnectPlacement {
  caseName: string;
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  variant: VariantName;
  medianMs: number;
  /** Null when the case has no result of that side. */
  vsJson: ConnectVersus | null;
  vsGrpc: ConnectVersus | null;
  /**
   * How quiet the machine was over the runs compared (the variant's, json's and grpc's); absent or null when not
   * measured.
   */
  noise?: CaseNoise | null;
}

export interface ConnectPlacements {
  /** In the run's order of cases, then of variants. */
  rows: ConnectPlacement[];
  /** One per row, generated from it (connect-sentences.ts). */
  sentences: string[];
}
