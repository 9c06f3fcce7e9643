import type { LoadRun } from '../result/load-run.interface';
import { levelTag, LOAD_TABLE_LEGEND, loadTableColumns, loadTableKey } from './load-columns';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';

/**
 * The load levels for a terminal: the columns marked for tables, the legend, then every level's notes and why the
 * sweep stopped early, if it did. With a `width` (a terminal's) every line fits it; without, full width.
 */
export function printLoadTable(run: LoadRun, width?: number): string {
  const columns = loadTableColumns(run.levels);
  const table = fitTable(
    { head: columns.map((c) => c.head), align: columns.map(() => 'left'), rows: run.levels.map((level) => columns.map((c) => c.cell(level))), key: loadTableKey(columns) },
    width,
  );
  const notes = run.levels.flatMap((l) => l.notes.map((n) => `${levelTag(l)}: ${n}`));
  return [table, LOAD_TABLE_LEGEND, ...notes, ...(run.stopped ? [run.stopped] : [])].map((text) => wrapText(text, width, 2)).join('\n');
}
