import type { SavedRun } from '../saved-run/saved-run';
import { isLoadRun } from '../saved-run/saved-run';
import { LoadComparison, compareLoadRuns } from './compare-load-runs';
import { RunComparison, compareRuns } from './compare-runs';

/** Two saved runs compared result by result: scenarios for bench runs, levels for load runs. */
export type SavedRunComparison =
  { kind: 'bench'; comparison: RunComparison } | { kind: 'load'; comparison: LoadComparison };

/** The one comparison entry point (`npm run bench:compare`): both runs must be of the same kind. */
export function compareSavedRuns(a: SavedRun, b: SavedRun): SavedRunComparison {
  if (isLoadRun(a) && isLoadRun(b)) return { kind: 'load', comparison: compareLoadRuns(a, b) };
  if (!isLoadRun(a) && !isLoadRun(b)) return { kind: 'bench', comparison: compareRuns(a, b) };
  throw new RangeError(
    `cannot compare a ${a.kind} run (${a.id}) with a ${b.kind} run (${b.id}): give two bench runs or two load runs`,
  );
}
