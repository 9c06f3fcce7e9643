import type { ScenarioResult } from './result.interface';

/** Where and with what a bench run was made, so a result file explains itself a year later. */
export interface RunEnvironment {
  node: string;
  wirebench: string;
  /** Versions of the packages that shape the numbers (Nest, grpc-js, axios, ...). */
  packages: Record<string, string>;
  os: { platform: string; release: string; arch: string };
  cpu: { model: string; cores: number };
  totalMemoryBytes: number;
  hostname: string;
  gitCommit: string | null;
}

/** What every saved run (bench or load) says about itself, whatever it measured. */
export interface RunRecord {
  /**
   * The version of result.json's shape (RESULT_SCHEMA_VERSION), as written by printJson; absent on a run not yet
   * written.
   */
  schemaVersion?: number;
  /** Folder name under bench-results/: `<UTC timestamp>-<preset or "load">`. */
  id: string;
  label: string | null;
  startedAt: string;
  endedAt: string | null;
  /** completed, or why it stopped early; files written so far hold everything that finished. */
  endReason: 'completed' | 'running' | 'interrupted' | 'failed';
  error: string | null;
  options: Record<string, unknown>;
  environment: RunEnvironment;
}

/**
 * One start of the apps for `--invocations`: when, and the processes this run started (none when it found them
 * running).
 */
export interface InvocationStart {
  invocation: number;
  startedAt: string;
  /** Process id of each app the bench started for this invocation, by app name. */
  pids: Record<string, number>;
  /** The runtime this block started the apps on (`npm run bench --node`), as results name it; absent without it. */
  runtime?: string;
}

/** One node binary of the runtime axis as resolved and probed before the run (see @app/runtimes). */
export interface RunRuntime {
  /** As the user named it: 22, 22.11.0, a path, current. */
  spec: string;
  path: string;
  nodeVersion: string;
  v8Version: string;
  /** cache, fetched (this run downloaded it), path, current. */
  source: string;
}

/** One block's runtimes: the servers' and the client's (the same one unless split), and how results name them. */
export interface RunRuntimePair {
  label: string;
  server: RunRuntime;
  client: RunRuntime;
}

/** A whole `npm run bench`: its options, its environment and every scenario x transport result so far. */
export interface BenchRun extends RunRecord {
  kind: 'bench';
  preset: string;
  targets: { client: string; json: string; grpc: string };
  /**
   * How many times the whole run was repeated in fresh server and client processes (`--invocations`); each result
   * keeps its runs from every invocation, each run its invocation number. Absent in files written before: 1.
   */
  invocations?: number;
  /** The invocations started so far, in order; absent in files written before invocations. */
  invocationStarts?: InvocationStart[];
  /** `--node` / `--server-node` / `--client-node`: the runtimes compared, in the order given; absent without them. */
  runtimes?: RunRuntimePair[];
  scenarios: ScenarioResult[];
}
