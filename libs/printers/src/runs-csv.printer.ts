import type { BenchRun } from '@app/bench';
import { RUNS_CSV_COLUMNS, type RunsCsvRow } from './csv-columns';
import { toCsvRecords, type CsvValue } from './csv-cell';

export interface RunsCsvOptions {
  /** false to append rows to an existing runs.csv, which already has the header. */
  header?: boolean;
}

/** One row per measured run, in scenario order then run order. */
export function runsCsvRows(run: BenchRun): CsvValue[][] {
  const rows: RunsCsvRow[] = run.scenarios.flatMap((result) => result.runs.map((sample) => ({ run, result, sample })));
  return rows.map((row) => RUNS_CSV_COLUMNS.map((column) => column.value(row)));
}

/** runs.csv: RFC 4180, CRLF after every record. */
export function printRunsCsv(run: BenchRun, options: RunsCsvOptions = {}): string {
  const header = options.header === false ? [] : [RUNS_CSV_COLUMNS.map((column) => column.name)];
  return toCsvRecords([...header, ...runsCsvRows(run)]);
}
