import Table from 'cli-table3';
import type { BenchRun } from '../result/bench-run.interface';
import { TABLE_COLUMNS, TABLE_LEGEND, type TableColumn } from './table-columns';
import { hasPhases, PHASE_LEGEND, PHASE_TABLE_COLUMNS } from './phase-table-columns';

function textTable(run: BenchRun, columns: readonly TableColumn[]): string {
  const table = new Table({
    head: columns.map((column) => column.head),
    colAligns: columns.map((column) => column.align),
    // No colour codes (pipes, log files); compact drops the rule between rows.
    style: { head: [], border: [], compact: true },
  });
  for (const result of run.scenarios) table.push(columns.map((column) => column.cell(result, run)));
  return table.toString();
}

/** The results as plain-text terminal tables, one line per scenario x variant: the figures, then where the time went. */
export function printTable(run: BenchRun): string {
  const main = `${textTable(run, TABLE_COLUMNS)}\n${TABLE_LEGEND}`;
  return hasPhases(run.scenarios) ? `${main}\n\n${textTable(run, PHASE_TABLE_COLUMNS)}\n${PHASE_LEGEND}` : main;
}
