import { setImmediate as nextTurn } from 'node:timers/promises';
import type { RowsDigest } from '@app/data-generator';
import { DEFAULT_SHAPE, getShape, type JsonRow, type Shape, type ShapeName } from '@app/shapes';

// A handful of sizes are asked for again and again; 1,000,000 rows take ~1 s to hash, so keep the last few.
const MAX_CACHED = 16;
const cache = new Map<string, RowsDigest>();
// Digests being computed, so two runs asking for the same new size at once hash it once.
const computing = new Map<string, Promise<RowsDigest>>();
// Rows hashed between two turns of the event loop: ~50 ms of work for the article's row, so a process that serves
// HTTP meanwhile (the client app) still answers while it hashes 5,000,000 rows (~8 s in one piece, during which it
// answered nothing). Larger shapes take longer per row, so a slice is also capped in bytes of JSON (below).
const ROWS_PER_TURN = 50_000;

// Digests differ by shape as well as by count.
const keyOf = (shape: ShapeName, count: number) => `${shape}:${count}`;

function remember(key: string, digest: RowsDigest): RowsDigest {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, digest);
  return digest;
}

/** Rows offset .. offset + count - 1 of the shape, in their JSON form, one at a time. */
function* jsonRows(shape: Shape, count: number, offset: number): Iterable<JsonRow> {
  for (let i = offset; i < offset + count; i++) yield shape.toJson(shape.row(i));
}

/**
 * The digest a response for `count` rows of `shape` must have; every request asks for rows 0..count-1. Blocks while
 * it hashes. For `row` it is the digest it always was (@app/data-generator's checksum of the same rows).
 */
export function expectedDigest(count: number, shape: ShapeName = DEFAULT_SHAPE): RowsDigest {
  const key = keyOf(shape, count);
  const s = getShape(shape);
  return (
    cache.get(key) ??
    remember(
      key,
      s
        .newChecksum()
        .add(jsonRows(s, count, 0))
        .digest(),
    )
  );
}

/** The same digest, hashed in slices that let the event loop run between them. */
export function expectedDigestYielding(count: number, shape: ShapeName = DEFAULT_SHAPE): Promise<RowsDigest> {
  const key = keyOf(shape, count);
  const known = cache.get(key);
  if (known) return Promise.resolve(known);
  let pending = computing.get(key);
  if (!pending) {
    pending = hashInSlices(getShape(shape), count)
      .then((digest) => remember(key, digest))
      .finally(() => computing.delete(key));
    computing.set(key, pending);
  }
  return pending;
}

async function hashInSlices(shape: Shape, count: number): Promise<RowsDigest> {
  const accumulator = shape.newChecksum();
  const perTurn = rowsPerTurn(shape);
  for (let offset = 0; offset < count; offset += perTurn) {
    accumulator.add(jsonRows(shape, Math.min(perTurn, count - offset), offset));
    if (offset + perTurn < count) await nextTurn();
  }
  return accumulator.digest();
}

// ~5 MB of JSON text per slice: the article's row (~100 B) keeps its 50,000 rows, a 4 KiB binary row gets ~900.
const BYTES_PER_TURN = 5_000_000;
const perTurnByShape = new Map<string, number>();

/** Rows per slice for the shape, from the JSON size of its row 0 (measured once, outside any timed section). */
function rowsPerTurn(shape: Shape): number {
  let rows = perTurnByShape.get(shape.name);
  if (rows === undefined) {
    const rowBytes = JSON.stringify(shape.toJson(shape.row(0))).length;
    rows = Math.max(100, Math.min(ROWS_PER_TURN, Math.floor(BYTES_PER_TURN / rowBytes)));
    perTurnByShape.set(shape.name, rows);
  }
  return rows;
}
