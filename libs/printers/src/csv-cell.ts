import { stringify } from 'csv-stringify/sync';

export type CsvValue = string | number | boolean | null | undefined;

const MAX_DECIMALS = 6;
// toFixed switches to exponent notation from 1e21 on; BigInt prints every digit.
const FIXED_LIMIT = 1e21;
// A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number as a spreadsheet reads it everywhere: '.' decimals, no grouping, no exponent, at most 6 decimals. */
export function formatCsvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= FIXED_LIMIT) return BigInt(Math.round(value)).toString();
  if (Number.isInteger(value)) return value === 0 ? '0' : String(value);
  const text = value.toFixed(MAX_DECIMALS).replace(/\.?0+$/, '');
  // A tiny negative rounds to "-0", which a spreadsheet would show as a distinct value.
  return text === '-0' ? '0' : text;
}

/** Text a spreadsheet will show as text: a leading quote stops it from evaluating =, +, -, @ as a formula. */
export function formatCsvText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One cell's text before CSV quoting; an empty cell means "no value" (null, undefined, NaN). */
export function formatCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return formatCsvNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return formatCsvText(value);
}

/**
 * RFC 4180 records: CRLF after every record (the last too, so rows can be appended), fields quoted when they
 * hold a comma, a quote or a line break. csv-stringify quotes bare CR/LF only when asked, hence quoted_match.
 */
export function toCsvRecords(rows: CsvValue[][]): string {
  return stringify(
    rows.map((row) => row.map(formatCsvCell)),
    { record_delimiter: '\r\n', quoted_match: /[\r\n]/ },
  );
}
