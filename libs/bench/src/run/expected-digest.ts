import { setImmediate as nextTurn } from 'node:timers/promises';
import { ChecksumAccumulator, checksum, iterateRows, RowsDigest } from '@app/data-generator';

// A handful of sizes are asked for again and again; 1,000,000 rows take ~1 s to hash, so keep the last few.
const MAX_CACHED = 16;
const cache = new Map<number, RowsDigest>();
// Digests being computed, so two runs asking for the same new size at once hash it once.
const computing = new Map<number, Promise<RowsDigest>>();
// Rows hashed between two turns of the event loop: ~50 ms of work, so a process that serves HTTP meanwhile (the
// client app) still answers while it hashes 5,000,000 rows (~8 s in one piece, during which it answered nothing).
const ROWS_PER_TURN = 50_000;

function remember(count: number, digest: RowsDigest): RowsDigest {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as number);
  cache.set(count, digest);
  return digest;
}

/** The digest a response for `count` rows must have; every request asks for rows 0..count-1. Blocks while it hashes. */
export function expectedDigest(count: number): RowsDigest {
  return cache.get(count) ?? remember(count, checksum(iterateRows(count, 0)));
}

/** The same digest, hashed in slices that let the event loop run between them. */
export function expectedDigestYielding(count: number): Promise<RowsDigest> {
  const known = cache.get(count);
  if (known) return Promise.resolve(known);
  let pending = computing.get(count);
  if (!pending) {
    pending = hashInSlices(count).then((digest) => remember(count, digest)).finally(() => computing.delete(count));
    computing.set(count, pending);
  }
  return pending;
}

async function hashInSlices(count: number): Promise<RowsDigest> {
  const accumulator = new ChecksumAccumulator();
  for (let offset = 0; offset < count; offset += ROWS_PER_TURN) {
    accumulator.add(iterateRows(Math.min(ROWS_PER_TURN, count - offset), offset));
    if (offset + ROWS_PER_TURN < count) await nextTurn();
  }
  return accumulator.digest();
}
