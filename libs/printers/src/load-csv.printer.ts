import type { LoadRun } from '@app/load';
import { toCsvRecords } from './csv-cell';
import { LOAD_COLUMNS } from './load-columns';

/** levels.csv: one row per level x target x transport, RFC 4180 like the bench CSVs. */
export function printLoadCsv(run: LoadRun): string {
  return toCsvRecords([
    LOAD_COLUMNS.map((c) => c.name),
    ...run.levels.map((l) => LOAD_COLUMNS.map((c) => c.value(l, run))),
  ]);
}
