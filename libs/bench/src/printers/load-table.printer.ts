import type { LoadRun } from '../result/load-run.interface';
import { shapeTag } from '../load/level-shape';
import { LOAD_TABLE_COLUMNS, LOAD_TABLE_KEY, LOAD_TABLE_LEGEND } from './load-columns';
import { fitTable } from './fit-table';
import { wrapText } from './wrap-text';

/**
 * The load levels for a terminal: the columns marked for tables, the legend, then every level's notes and why the
 * sweep stopped early, if it did. With a `width` (a terminal's) every line fits it; without, full width.
 */
export function printLoadTable(run: LoadRun, width?: number): string {
  const table = fitTable(
    { head: LOAD_TABLE_COLUMNS.map((c) => c.head), align: LOAD_TABLE_COLUMNS.map(() => 'left'), rows: run.levels.map((level) => LOAD_TABLE_COLUMNS.map((c) => c.cell(level))), key: LOAD_TABLE_KEY },
    width,
  );
  const notes = run.levels.flatMap((l) => l.notes.map((n) => `${l.transport}/${l.targetKind}${shapeTag(l)} c=${l.concurrency}: ${n}`));
  return [table, LOAD_TABLE_LEGEND, ...notes, ...(run.stopped ? [run.stopped] : [])].map((text) => wrapText(text, width, 2)).join('\n');
}
