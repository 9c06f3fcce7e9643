import type { SavedRun } from '@app/explain';

/** How a run is named in legends and tables: its label when it has one, else its folder id. */
export function runName(run: SavedRun): string {
  return run.label || run.id;
}

/**
 * A series label: the variant (or whatever the series is) alone for one run; prefixed with the run's name when
 * several runs are overlaid, so a reader sees which run a line comes from.
 */
export function seriesLabel(runs: readonly SavedRun[], runIndex: number, text: string): string {
  return runs.length > 1 ? `${runName(runs[runIndex])} · ${text}` : text;
}
