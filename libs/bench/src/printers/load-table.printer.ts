import Table from 'cli-table3';
import type { LoadRun } from '../result/load-run.interface';
import { LOAD_TABLE_COLUMNS, LOAD_TABLE_LEGEND } from './load-columns';

/** The load levels for a terminal: the columns marked for tables, the legend, every level's notes, and why the sweep stopped early, if it did. */
export function printLoadTable(run: LoadRun): string {
  const table = new Table({ head: LOAD_TABLE_COLUMNS.map((c) => c.head), style: { head: [], border: [], compact: true } });
  for (const level of run.levels) table.push(LOAD_TABLE_COLUMNS.map((c) => c.cell(level)));
  const notes = run.levels.flatMap((l) => l.notes.map((n) => `${l.transport}/${l.targetKind} c=${l.concurrency}: ${n}`));
  return [table.toString(), LOAD_TABLE_LEGEND, ...notes, ...(run.stopped ? [run.stopped] : [])].join('\n');
}
