import type { NetworkConditions, ProcessRuntime } from '@app/bench';
import type { TargetInfo } from '@app/bench';
import type { TransportKind } from '@app/bench';
import type { TargetKind } from '@app/bench';
import type { LoadEngine, LoadLevelParams } from './level-params/validate-load-level';
import type { ShapeName } from '@app/shapes';

/** What one load level drives: a checked level (validateLoadLevel) pointed at its server. */
export interface LoadLevelSpec extends Omit<LoadLevelParams, 'generators' | 'engine' | 'shape'> {
  target: TargetInfo;
  grpcMaxMessageBytes: number;
  /** Generator processes sharing the callers, connections, rate and request count (default 1). */
  generators?: number;
  /** Default wirebench. */
  engine?: LoadEngine;
  /** The message shape the level asks for and verifies (@app/shapes); absent: `row`, the article's. */
  shape?: ShapeName;
  /** The node binary the generator processes run on (npm run load --node / --client-node); absent: this process's. */
  generatorNode?: string;
}

/** One share's task of a swarm job (npm run load --hosts swarm): where it ran and how it ended. */
export interface GeneratorTask {
  /** The task's slot in the job, which is the index of its share (0-based). */
  slot: number;
  /** The node's hostname (hostname/ID where nodes share one), '(none)' when swarm never placed it. */
  node: string;
  /** Swarm's last state of the task (complete, failed, rejected, pending ...). */
  state: string;
  /** Why its share is not in the level's figures; absent when it is. */
  error?: string;
  /** Its share's successful requests per second over its own window, when its share counts: each node's part. */
  rps?: number;
}

/** What the generator measured in the window, the same shape for both transports. */
export interface GeneratorResult {
  requests: number;
  successes: number;
  /** Failed requests by kind (ECONNREFUSED, UNAVAILABLE, http-503, mismatch, client-overload...). */
  errors: Record<string, number>;
  timeouts: number;
  windowMs: number;
  /**
   * Latency in ms (successes only): from send, or from the intended send time in open loop. Percentiles are type 7
   * (as in bench runs) over the histogram's values, within 0.1% and inside [min, max]; mean and max are exact.
   */
  latency: { mean: number; p50: number; p90: number; p99: number; p999: number; max: number };
  payloadBytes: number;
  /** Completed requests in each whole second of the window, for bench:compare's t-test. */
  perSecond: number[];
  /** The latency histogram, HDR-encoded (compressed base64), so several generators' can be added up. */
  latencyHistogram: string;
  /** What the histogram cannot keep exactly: the recorded min, max and sum in µs (0 with no successes). */
  latencyExactUs: { min: number; max: number; sum: number };
  /** Whether the first response of each caller matched the expected rows and checksum. */
  verified: boolean;
  generatorCpuMs: number;
  /** Wall time of the whole generator run, warm-up included, against which its CPU is compared. */
  generatorElapsedMs: number;
  /** The generator's CPU during the measured window only. */
  generatorWindowCpuMs: number;
  endedBy: 'duration' | 'requests';
  /**
   * The generator process's own node and V8 (generator-worker-main reports them with its result); absent in-process.
   */
  generatorRuntime?: ProcessRuntime;
}

/** What a driver measured; the generator adds its own CPU and the verification outcome. */
export type MeasuredWindow = Omit<
  GeneratorResult,
  'generatorCpuMs' | 'generatorElapsedMs' | 'generatorWindowCpuMs' | 'verified'
>;

/** Which node a level ran on: the load generator's and the server's, each in its own words. */
export interface LoadRuntime {
  /** The generator process's process.versions; null with the ghz engine, whose generator is Go, not node. */
  generator: ProcessRuntime | null;
  /**
   * The server behind the target, from its own report (GET /admin/resources, Admin.Resources); null when it gives none.
   */
  server: ProcessRuntime | null;
  /**
   * `npm run load --node ...`: the runtime the CLI started the servers and generators on, as the level's name ends;
   * absent otherwise.
   */
  label?: string;
  /**
   * `--rounds N` (N > 1): which round of that runtime's blocks the level ran in, as its name ends (@round2); absent
   * otherwise.
   */
  round?: number;
}

export interface LoadLevelResult extends Omit<GeneratorResult, 'generatorRuntime'> {
  name: string;
  transport: TransportKind;
  targetKind: TargetKind;
  engine: LoadEngine;
  /** The message shape every reply carried; absent in files from before shapes: `row` (read it with levelShape). */
  shape?: ShapeName;
  target: TargetInfo;
  mode: 'closed' | 'open';
  rows: number;
  concurrency: number;
  connections: number;
  rate: number | null;
  warmupMs: number;
  rps: number;
  payloadBytesPerSec: number;
  /** The generator's CPU as a share of one core; near 1 means it, not the server, may be the limit. */
  generatorCoreShare: number;
  generatorSaturated: boolean;
  /** Generator processes the level used. */
  generators: number;
  /** --hosts swarm: each share's task, its node and end; absent when the generators ran here. */
  generatorTasks?: GeneratorTask[];
  /**
   * --hosts swarm --swarm-servers: the swarm node the level's server ran on; absent when the servers ran as configured.
   */
  serverNode?: string;
  serverCpuMs: number | null;
  serverCpuUsPerRequest: number | null;
  clientCpuUsPerRequest: number;
  serverPeakRssBytes: number | null;
  serverProcesses: number;
  /**
   * Where the server figures came from: /proc here, the server's own report, or null (not measured); absent in older
   * files.
   */
  serverResourcesSource?: 'proc' | 'server' | null;
  /**
   * CPU the machine spent beside the window on processes other than the level's own (this CLI, its generators here,
   * its servers read from /proc), in cores; hypervisor steal apart; null where not measured (off Linux, generators on
   * some swarm nodes but not all); absent in older files. docs/statistics.md, Noise.
   */
  foreignCpuCores?: number | null;
  stealCores?: number | null;
  /** foreignCpuCores above disturbedAbove (--disturbed-above, 0.2 cores by default); null when not measured. */
  disturbed?: boolean | null;
  disturbedAbove?: number | null;
  /** The network profile the level ran under and its calibrated path; absent = as the servers are. */
  network?: NetworkConditions;
  /** The generator's and the server's node and V8; absent in files from before levels recorded them. */
  runtime?: LoadRuntime;
  notes: string[];
  startedAt: string;
  endedAt: string;
}
