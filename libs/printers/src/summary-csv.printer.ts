import type { BenchRun } from '@app/bench';
import { SUMMARY_CSV_COLUMNS } from './csv-columns';
import { toCsvRecords } from './csv-cell';

/** summary.csv: one row per scenario x transport; RFC 4180, CRLF after every record. */
export function printSummaryCsv(run: BenchRun, options: { header?: boolean } = {}): string {
  const header = options.header === false ? [] : [SUMMARY_CSV_COLUMNS.map((column) => column.name)];
  const rows = run.scenarios.map((result) => SUMMARY_CSV_COLUMNS.map((column) => column.value({ run, result })));
  return toCsvRecords([...header, ...rows]);
}
