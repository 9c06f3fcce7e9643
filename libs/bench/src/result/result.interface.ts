import type { Mode, TransportKind } from '../scenario/scenario.interface';
import type { TargetInfo } from '../transports/rows-transport.interface';

/** One measured (not warm-up) run of a scenario. */
export interface RunSample {
  /** 1-based, in the order the runs were measured. */
  run: number;
  /** Wall time from issuing the first request to the last response decoded, in milliseconds. */
  ms: number;
  rowsReceived: number;
  /** Response bodies (JSON text / protobuf messages) received in this run, summed over its requests. */
  payloadBytes: number;
  verified: boolean;
}

/** Milliseconds, from the measured runs only. */
export interface RunStats {
  n: number;
  meanMs: number;
  medianMs: number;
  p90Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  stdevMs: number;
}

/** Everything about one scenario on one transport: a plain object, safe to serialise as is. */
export interface ScenarioResult {
  transport: TransportKind;
  mode: Mode;
  target: TargetInfo;
  rowsPerRequest: number;
  requests: number;
  concurrency: number;
  warmup: number;
  runs: RunSample[];
  stats: RunStats;
  rowsReceivedPerRun: number;
  payloadBytesPerRun: number;
  /** True only when every request of every measured and warm-up run arrived with the expected rows and checksum. */
  verified: boolean;
  startedAt: string;
  endedAt: string;
}
