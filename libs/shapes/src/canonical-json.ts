import { createHash } from 'node:crypto';
import type { RowsDigest } from '@app/data-generator';
import type { JsonRow, JsonValue, ShapeChecksumAccumulator } from './shape.interface';

/**
 * A JSON value's one text: JSON.stringify with every object's keys sorted. Sorted rather than in field order so a
 * receiver needs no schema, and because a map's entries have no order on the wire; JSON.parse and every protobuf
 * decoder agree on the values, so the JSON and protobuf forms of the same row give the same text.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

// Rows are joined into text chunks before hashing: one hash.update per row costs more than hashing itself.
const ROWS_PER_CHUNK = 4096;

/**
 * SHA-256 over each row's canonical JSON text, one row per line (JSON text never holds a raw newline), in order.
 * Chunking does not change it, as with @app/data-generator's ChecksumAccumulator.
 */
export class CanonicalChecksumAccumulator implements ShapeChecksumAccumulator {
  private readonly hash = createHash('sha256');
  private pending: string[] = [];
  private count = 0;

  add(rows: Iterable<JsonRow>): this {
    for (const row of rows) {
      this.pending.push(canonicalJson(row) + '\n');
      this.count++;
      if (this.pending.length === ROWS_PER_CHUNK) this.flush();
    }
    return this;
  }

  get rows(): number {
    return this.count;
  }

  digest(): RowsDigest {
    this.flush();
    return { count: this.count, checksum: this.hash.digest('hex') };
  }

  private flush(): void {
    if (this.pending.length > 0) this.hash.update(this.pending.join(''));
    this.pending = [];
  }
}
