import type { BenchRun } from './bench-run.interface';
import type { LoadRun } from './load-run.interface';

/** Whatever a run folder's result.json holds: a bench run (scenarios) or a load run (levels). */
export type SavedRun = BenchRun | LoadRun;

export function isLoadRun(run: SavedRun): run is LoadRun {
  return run.kind === 'load';
}
