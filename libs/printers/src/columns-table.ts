import type { BenchRun } from '@app/bench';
import type { TableColumn } from './table-columns';
import type { PlainTable } from './why-tables';

// scenario and variant name a row; they are repeated in each part of a table split to fit a terminal.
const SCENARIO_KEY = [0, 1];

/** A line per scenario × variant in the given columns, for every output. */
export function columnsTable(run: BenchRun, columns: readonly TableColumn[]): PlainTable {
  return {
    head: columns.map((column) => column.head),
    align: columns.map((column) => column.align),
    rows: run.scenarios.map((result) => columns.map((column) => column.cell(result, run))),
    key: SCENARIO_KEY,
  };
}
