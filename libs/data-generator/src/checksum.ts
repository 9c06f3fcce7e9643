import { createHash } from 'node:crypto';
import { Row, STRING_COLUMNS } from './row.interface';

/** What a receiver compares: how many rows arrived and a digest over every field of every row. */
export interface RowsDigest {
  count: number;
  checksum: string;
}

// Rows are joined into text chunks before hashing: one hash.update per row costs more than hashing itself.
const ROWS_PER_CHUNK = 4096;

/**
 * SHA-256 over every field of every row, in order. Any changed, missing, reordered or extra value changes it,
 * and it is the same whichever transport decoded the rows.
 */
export function checksum(input: Iterable<Row>): RowsDigest {
  const hash = createHash('sha256');
  let count = 0;
  let chunk: string[] = [];
  for (const r of input) {
    chunk.push(serialiseRow(r));
    count++;
    if (chunk.length === ROWS_PER_CHUNK) {
      hash.update(chunk.join(''));
      chunk = [];
    }
  }
  if (chunk.length > 0) hash.update(chunk.join(''));
  return { count, checksum: hash.digest('hex') };
}

// A unit separator keeps 'ab'+'c' distinct from 'a'+'bc'; a record separator ends each row.
function serialiseRow(r: Row): string {
  let s = String(r.rowNum);
  for (const column of STRING_COLUMNS) s += '\x1f' + r[column];
  return s + '\x1e';
}
