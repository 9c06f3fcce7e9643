import type { LoadLevelResult } from './load-level.interface';
import type { RunRecord, RunRuntimePair } from '@app/bench';

/** A whole `npm run load`: options, environment and every level x target x transport so far. */
export interface LoadRun extends RunRecord {
  kind: 'load';
  targets: Record<string, string>;
  levels: LoadLevelResult[];
  /**
   * `--node` / `--server-node` / `--client-node`: the runtimes compared (client: the generators'), in the order given;
   * absent without them.
   */
  runtimes?: RunRuntimePair[];
  /** Rounds of runtime blocks (`--rounds`); absent without a runtime axis. */
  rounds?: number;
  /**
   * Why no level above some concurrency ran: there this machine (generator and server sharing its cores), not the
   * server, was the limit (load/load-sweep.ts). Absent when every level ran, and in files written before.
   */
  stopped?: string;
}
