import type { WallPart } from '@app/bench';
import type { VariantVersus } from '@app/bench';
import type { VariantName } from '@app/bench';

/** One part's share of the time between two variants' median runs (phases/wall-parts.ts). */
export interface PhaseDelta {
  part: WallPart;
  /** b's part minus a's, ms; positive means b spent longer in it. */
  deltaMs: number;
}

/**
 * What separates two variants, part by part of their median run's wall time (a request's time, or a batch's): `b`
 * minus `a`. The deltas add up to totalMs.
 */
export interface PhaseGap {
  a: VariantName;
  b: VariantName;
  /** b's median minus a's: the difference the verdict is about. */
  totalMs: number;
  /** Largest first by size. */
  deltas: PhaseDelta[];
}

/** A variant's resource figures beside its time, for the per-variant table. */
export interface VariantFigures {
  variant: VariantName;
  /** Measured runs the median comes from. */
  runs: number;
  medianMs: number;
  clientCpuMsPerRequest: number | null;
  serverCpuMsPerRequest: number | null;
  wireBytesPerRequest: number | null;
  payloadBytesPerRequest: number;
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  /** The peak is the process's lifetime peak (ResourceUse.clientPeakIsLifetime), marked where it is printed. */
  clientPeakIsLifetime?: boolean;
  serverPeakIsLifetime?: boolean;
}

/** One scenario (case) explained. */
export interface CaseExplanation {
  scenario: string;
  mode: 'single' | 'parallel';
  rowsPerRequest: number;
  requests: number;
  /** The message shape, when the run's sentences name it (more than one shape, or not the article's row); else null. */
  shape: string | null;
  /**
   * The runtime the case ran on (`npm run bench --node`: node22.23.3), named in its sentences; absent or null
   * otherwise.
   */
  runtimeLabel?: string | null;
  /** grpc against json, when both baselines ran. */
  grpcVsJson: VariantVersus | null;
  /** Where gRPC's extra (or saved) time per request went, when both baselines reported phases. */
  gap: PhaseGap | null;
  /** Each variant against its registry baseline (one factor), when both ran. */
  factors: (VariantVersus & { gap: PhaseGap | null })[];
  variants: VariantFigures[];
  /**
   * Each gRPC variant on the serializer axis (shape-sentences.ts) against json, when json and one such serializer ran.
   */
  serializers: VariantVersus[];
  /**
   * How quiet the machine was over the case's measured runs, every variant together; absent or null when not measured.
   */
  noise?: CaseNoise | null;
}

export interface CaseNoise {
  runs: number;
  disturbedRuns: number;
  /** Most foreign CPU beside any one run, in cores. */
  maxForeignCpuCores: number;
  /** Disturbed runs measured again and replaced (--quiet), not among `runs`; absent: none. */
  replacedRuns?: number;
}

export interface Explanation {
  cases: CaseExplanation[];
  /** Plain sentences, each from measured values of this run. */
  sentences: string[];
}
