import type { SavedRun } from '../result/saved-run';

/** The whole run as is: a run is plain data, so JSON loses nothing and reads back with JSON.parse. */
export function printJson(run: SavedRun): string {
  return JSON.stringify(run, null, 2);
}
