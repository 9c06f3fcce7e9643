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
 * SHA-256 over each item's text, in order, fed chunk by chunk: `add` each chunk in order, then `digest`. How the
 * items were chunked does not change the value. Shared by every kind of row a checksum is taken over (the article's
 * rows here, the message shapes' JSON forms in @app/shapes); `text` must make rows that differ differ as text.
 */
export class TextChecksumAccumulator<T> {
  private readonly hash = createHash('sha256');
  private pending: string[] = [];
  private count = 0;

  constructor(private readonly text: (item: T) => string) {}

  add(rows: Iterable<T>): this {
    for (const r of rows) {
      this.pending.push(this.text(r));
      this.count++;
      if (this.pending.length === ROWS_PER_CHUNK) this.flush();
    }
    return this;
  }

  /** Rows added so far. */
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

/**
 * The checksum fed chunk by chunk, for rows that arrive in pieces (streams) and must not all be held: the same rows
 * always give the same digest as `checksum` over all of them.
 */
export class ChecksumAccumulator extends TextChecksumAccumulator<Row> {
  constructor() {
    super(serialiseRow);
  }
}

/**
 * SHA-256 over every field of every row, in order. Any changed, missing, reordered or extra value changes it,
 * and it is the same whichever transport decoded the rows, and however they were chunked (ChecksumAccumulator).
 */
export function checksum(input: Iterable<Row>): RowsDigest {
  return new ChecksumAccumulator().add(input).digest();
}

// A unit separator keeps 'ab'+'c' distinct from 'a'+'bc'; a record separator ends each row.
function serialiseRow(r: Row): string {
  let s = String(r.rowNum);
  for (const column of STRING_COLUMNS) s += '\x1f' + r[column];
  return s + '\x1e';
}
