import type { BenchRun } from '@app/bench';
import type { LoadRun } from '@app/load';

/** Whatever a run folder's result.json holds: a bench run (scenarios) or a load run (levels). */
export type SavedRun = BenchRun | LoadRun;

export function isLoadRun(run: SavedRun): run is LoadRun {
  return run.kind === 'load';
}
