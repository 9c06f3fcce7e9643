import { checksum, iterateRows, RowsDigest } from '@app/data-generator';

// A handful of sizes are asked for again and again; 1,000,000 rows take ~1 s to hash, so keep the last few.
const MAX_CACHED = 16;
const cache = new Map<number, RowsDigest>();

/** The digest a response for `count` rows must have; every request asks for rows 0..count-1. */
export function expectedDigest(count: number): RowsDigest {
  let digest = cache.get(count);
  if (!digest) {
    digest = checksum(iterateRows(count, 0));
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as number);
    cache.set(count, digest);
  }
  return digest;
}
