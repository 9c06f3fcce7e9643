import Table from 'cli-table3';
import type { BenchRun } from '../result/bench-run.interface';
import { TABLE_COLUMNS, TABLE_LEGEND } from './table-columns';

/** The results as a plain-text terminal table, one line per scenario x transport. */
export function printTable(run: BenchRun): string {
  const table = new Table({
    head: TABLE_COLUMNS.map((column) => column.head),
    colAligns: TABLE_COLUMNS.map((column) => column.align),
    // No colour codes (pipes, log files); compact drops the rule between rows.
    style: { head: [], border: [], compact: true },
  });
  for (const result of run.scenarios) table.push(TABLE_COLUMNS.map((column) => column.cell(result, run)));
  return `${table.toString()}\n${TABLE_LEGEND}`;
}
