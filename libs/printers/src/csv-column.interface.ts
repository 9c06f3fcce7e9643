import type { CsvValue } from './csv-cell';

/** One CSV column: a snake_case name carrying its unit, a one-line meaning for docs/results.md, and its cell. */
export interface CsvColumn<Row> {
  name: string;
  unit: string;
  description: string;
  value: (row: Row) => CsvValue;
}
