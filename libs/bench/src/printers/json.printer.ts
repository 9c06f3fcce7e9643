import type { BenchRun } from '../result/bench-run.interface';

/** The whole run as is: BenchRun is plain data, so JSON loses nothing and reads back with JSON.parse. */
export function printJson(run: BenchRun): string {
  return JSON.stringify(run, null, 2);
}
