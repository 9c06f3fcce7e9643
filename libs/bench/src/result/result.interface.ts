import type { ShapeName, ShapeSource } from '@app/shapes';
import type { Mode, TransportKind } from '../scenario/scenario.interface';
import type { VariantName } from '../scenario/variants';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import type { PhaseBreakdown } from '../phases/phases.interface';
import type { CriticalPath } from '../phases/critical-path';

/** One measured (not warm-up) run of a scenario. Resource figures are null where they cannot be measured. */
export interface RunSample {
  /** 1-based, in the order the runs were measured within its invocation. */
  run: number;
  /**
   * 1-based: which start of fresh server and client processes (`--invocations`) measured this run. Absent from the
   * endpoints' results and from files written before invocations: one invocation, 1.
   */
  invocation?: number;
  /** ISO-8601 UTC time the run started. */
  at: string;
  /** Wall time from issuing the first request to the last response decoded, in milliseconds. */
  ms: number;
  rowsReceived: number;
  /** Response bodies (JSON text / protobuf messages) received in this run, summed over its requests. */
  payloadBytes: number;
  verified: boolean;
  /** CPU time (user + sys) the client process spent during this run, ms. */
  clientCpuMs: number | null;
  /** CPU time (user + sys) of the serving process(es) during this run, ms. */
  serverCpuMs: number | null;
  /**
   * Peak resident set size during this run, bytes; the process's lifetime peak where the *PeakIsLifetime flag says so.
   */
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  /**
   * True when VmHWM could not be reset before the run (a container host that refuses /proc/<pid>/clear_refs): the
   * figure is then the process's peak since it started, an upper bound of this run's. Absent when the peak is the
   * run's own, and in older files, which left such a figure empty.
   */
  clientPeakIsLifetime?: boolean;
  serverPeakIsLifetime?: boolean;
  /** Where the time went: means over this run's requests; null in result files written before phases existed. */
  phases: PhaseBreakdown | null;
  /**
   * The request that finished last, what set this run's wall time (phases/critical-path.ts); null when the transport
   * reports no phases, absent in files written before it.
   */
  path?: CriticalPath | null;
  /**
   * CPU used on the machine by processes other than the run's own, in cores over the run; null off Linux, absent in
   * older files.
   */
  foreignCpuCores?: number | null;
  /** Hypervisor steal over the run, in cores; null off Linux, absent in older files. */
  stealCores?: number | null;
  /** foreignCpuCores above the scenario's noise.disturbedAbove; null when it was not measured. */
  disturbed?: boolean | null;
  /**
   * Disturbed measurements of this run that were set aside and measured again before this one was kept (--quiet,
   * --rerun-disturbed); they are in the result's replacedRuns. Absent in older files and in replaced runs: 0.
   */
  replacedDisturbed?: number;
}

/** How quiet the machine was over a scenario's measured runs (see docs/statistics.md, Noise). */
export interface NoiseSummary {
  /** The threshold, in cores of foreign CPU, above which a run counts as disturbed (--disturbed-above). */
  disturbedAbove: number;
  /** Measured runs whose foreign CPU was above it; null when no run was measured (not Linux). */
  disturbedRuns: number | null;
  /** Over the kept runs only. */
  maxForeignCpuCores: number | null;
  maxStealCores: number | null;
  /**
   * Disturbed runs measured again and replaced (--quiet, --rerun-disturbed): not in the runs above; absent in older
   * files.
   */
  replacedDisturbedRuns?: number;
}

/**
 * Milliseconds, from the measured runs only; cv = stdev / mean (unitless). Percentiles are exact order statistics
 * (type 7, see stats/order-statistics.ts), so minMs <= medianMs <= p90Ms <= p99Ms <= maxMs.
 */
export interface RunStats {
  n: number;
  meanMs: number;
  /** Over every measured run of every invocation. */
  medianMs: number;
  /**
   * One invocation: a distribution-free confidence interval for the median, two of the run times (order statistics).
   * Several: the two-level bootstrap's 95% interval (invocations resampled, then runs within them).
   */
  medianCiLowMs: number;
  medianCiHighMs: number;
  /** The interval's achieved coverage, e.g. 0.9785; below 0.95 only with fewer than 6 runs (then it is [min, max]). */
  medianCiLevel: number;
  /** Invocations (fresh server and client processes) the runs came from; absent in files written before them: 1. */
  invocations?: number;
  /**
   * Share of the run-time variance that lies between invocations rather than within one (stats/invocation-variance.ts),
   * 0 to 1; null with one invocation or no spread.
   */
  betweenInvocationShare?: number | null;
  p90Ms: number;
  p99Ms: number;
  minMs: number;
  maxMs: number;
  stdevMs: number;
  cv: number;
}

/** Bytes that crossed the socket per request (TCP payload: headers, framing and body), from a separate counted pass. */
export interface WireBytes {
  /** Client -> server plus server -> client. */
  bytesPerRequest: number | null;
  bytesInPerRequest: number | null;
  bytesOutPerRequest: number | null;
  /** Why the figures are empty, when they are. */
  note?: string;
}

/** Resource use over the measured runs of one scenario on one transport. */
export interface ResourceUse {
  clientCpuMs: number | null;
  serverCpuMs: number | null;
  clientCpuMsPerRequest: number | null;
  serverCpuMsPerRequest: number | null;
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  /**
   * True when a run's peak was the process's lifetime peak (RunSample.clientPeakIsLifetime): the figure is then an
   * upper bound of the runs' peak. Absent when every peak was the run's own.
   */
  clientPeakIsLifetime?: boolean;
  serverPeakIsLifetime?: boolean;
  /**
   * Where the server figures came from: `proc` (read from /proc on the client's machine), `server` (the server's
   * own report, GET /admin/resources or wirebench.admin.Admin), null when not measured; absent in older files.
   */
  serverResourcesSource?: 'proc' | 'server' | null;
  /** Why a figure is empty, when one is. */
  notes: string[];
}

/**
 * The network condition a scenario ran under: the profile (network-profiles.json) and the path as calibrated just
 * before the scenario, beside the profile's nominal figures. Absent in files written before profiles existed, which
 * were all loopback.
 */
export interface NetworkConditions {
  profile: string;
  /** How the profile was applied: `none` (loopback, nothing in the path), `toxiproxy`, or a link's own shaping. */
  shaping: string;
  /** Round trip the profile asks for (twice its one-way latency) and its bandwidth server -> client; null: none set. */
  nominalRttMs: number | null;
  nominalMbps: number | null;
  /** Measured on the path just before the scenario; null when not calibrated (loopback). */
  rttMs: number | null;
  mbps: number | null;
  /**
   * Throughput client -> server, measured, and the profile's upMbit; absent in files written before it was measured.
   */
  upMbps?: number | null;
  nominalUpMbps?: number | null;
  /** True when the path was more than 20% off a nominal figure: the result is then not the profile's. */
  flagged: boolean;
  notes: string[];
}

/**
 * A run that asked for more requests in flight than the client's pool of sockets holds (CLIENT_MAX_SOCKETS): it
 * kept `cap` in flight (its `concurrency` is the cap) instead of opening one socket per request, so it measured
 * `cap` connections, not `requested`.
 */
export interface SocketsCapped {
  /** Requests in flight the scenario asked for: min(concurrency, requests). */
  requested: number;
  /** Sockets the pool may hold. */
  cap: number;
  reason: string;
}

/** A process's runtime as it reports it itself: process.versions.node (no leading v) and process.versions.v8. */
export interface ProcessRuntime {
  nodeVersion: string;
  v8Version: string;
}

/**
 * Which node measured a result: the client that ran the engine, and the server that answered, each in its own words.
 */
export interface ResultRuntime {
  /** The client process (the engine's own process.versions). */
  client: ProcessRuntime;
  /**
   * The server behind the target, from its own report (GET /admin/resources, Admin.Resources); null when it gives none.
   */
  server: ProcessRuntime | null;
  /**
   * `npm run bench --node ...`: the runtime the CLI started the apps on, as named in the result's name (node22.23.3);
   * absent otherwise.
   */
  label?: string;
}

/** Everything about one scenario on one transport: a plain object, safe to serialise as is. */
export interface ScenarioResult {
  /** The scenario's name in its preset or file (e.g. "1-2"); endpoints name it after its parameters. */
  name: string;
  transport: TransportKind;
  /** The client+server path within the transport family; `json` / `grpc` for the article's two paths. */
  variant: VariantName;
  /** The message type of every request (@app/shapes); absent in files written before shapes, which were all `row`. */
  shape?: ShapeName;
  /**
   * Only for the user's own message (shape `user`): the proto, message, sample and counter field, with the files'
   * SHA-256.
   */
  shapeSource?: ShapeSource;
  /**
   * Only for the `binary` shape: the bytes of each row's blob (BINARY_BLOB_BYTES, --blob-bytes); absent before it was a
   * setting (4096).
   */
  blobBytes?: number;
  mode: Mode;
  target: TargetInfo;
  rowsPerRequest: number;
  /** Streaming variants: rows per chunk (message / NDJSON write); null for one-message variants and older files. */
  chunkRows: number | null;
  requests: number;
  concurrency: number;
  warmup: number;
  runs: RunSample[];
  stats: RunStats;
  rowsReceivedPerRun: number;
  payloadBytesPerRun: number;
  payloadBytesPerRequest: number;
  /** From the median run time: rows per second and payload megabytes (10^6 bytes) per second. */
  throughput: { rowsPerSec: number; payloadMBPerSec: number };
  resources: ResourceUse;
  /**
   * The median run's per-request phase means (the mean of the two middle runs' for an even count), so they add up
   * to its request time; null when a middle run reported no phases. Files written before 2026-11-28 hold medians
   * taken phase by phase instead, which need not add up.
   */
  phases: PhaseBreakdown | null;
  /** Null when the counted pass was not asked for. */
  wire: WireBytes | null;
  /** The network profile and the calibrated path; absent = loopback (files from before profiles). */
  network?: NetworkConditions;
  /** Present only when the client's socket cap held the run below the concurrency it asked for. */
  socketsCapped?: SocketsCapped;
  /** The node and V8 of the client and of the server; absent in files written before runtimes were recorded. */
  runtime?: ResultRuntime;
  /** The machine's noise over the measured runs; absent in files written before it was measured. */
  noise?: NoiseSummary;
  /**
   * Measured runs that were disturbed and measured again (--quiet, --rerun-disturbed), kept for the record: out of
   * `runs` and every figure, counted in noise.replacedDisturbedRuns. Absent when none was replaced.
   */
  replacedRuns?: RunSample[];
  /** True only when every request of every measured and warm-up run arrived with the expected rows and checksum. */
  verified: boolean;
  startedAt: string;
  endedAt: string;
}
