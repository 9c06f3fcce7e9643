// What the runtime verdicts hold, apart from how they are computed (runtime-verdicts.ts) and told
// (runtime-sentences.ts), so neither imports the other.
import type { PhaseField } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import type { RatioEstimate } from '@app/bench';
import type { TransportRatio } from './transport-ratio';

/** One case on one runtime: gRPC against JSON, as the network preset's rows are under each profile. */
export interface RuntimeVerdictRow extends TransportRatio {
  /** The case's name without its `@<runtime>` suffix. */
  caseName: string;
  mode: ScenarioResult['mode'];
  rowsPerRequest: number;
  requests: number;
  /** The runtime as results name it (node22.23.3, server22.23.3-client24.21.0). */
  runtime: string;
  /** The runtime in a sentence's words: "Node 22.23.3", or "servers on Node 22.23.3, client on Node 24.21.0". */
  runtimeWords: string;
}

/**
 * One phase of one side that took a different time on a runtime than on the reference runtime, told apart by its
 * interval.
 */
export interface PhaseMove {
  caseName: string;
  runtime: string;
  runtimeWords: string;
  /** The side whose phase moved: the JSON path or the gRPC path. */
  side: 'json' | 'grpc';
  field: PhaseField;
  /** Median of the phase's per-run values on the reference runtime, and on this one (ms per request). */
  referenceMs: number;
  ms: number;
  /** This runtime's median over the reference's, with the bootstrap 95% interval of that ratio. */
  ratio: RatioEstimate;
}

export interface RuntimeVerdicts {
  /** The runtimes in the run's order; the first is the reference the phases are compared with. */
  runtimes: { label: string; words: string }[];
  /** In the run's order of cases, then runtimes. */
  rows: RuntimeVerdictRow[];
  /** Per case and runtime after the first, the phases told apart from the reference's, largest change first. */
  moves: PhaseMove[];
  /** Generated from the rows and moves (runtime-sentences.ts). */
  sentences: string[];
}
