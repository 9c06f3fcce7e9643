import { row } from './rows';

/**
 * The most bytes one row up to row number `lastRowNum` takes as JSON text (`JSON.stringify(row)`, UTF-8), plus one
 * for the separator that follows it (`,` in an array, `\n` in NDJSON). A row differs from another only in the digits
 * of its number, so the last row of a range is its longest: this is an exact bound, not an estimate, and what
 * servers reserve memory by before they build a reply.
 */
export function maxJsonRowBytes(lastRowNum: number): number {
  return Buffer.byteLength(JSON.stringify(row(Math.max(0, lastRowNum)))) + 1;
}
