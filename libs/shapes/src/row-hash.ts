/**
 * A small integer hash of a row number and a salt (murmur3's finaliser), as an unsigned 32-bit integer. Rows are
 * built from this instead of Math.random or the clock, so row i is the same every run on every machine, and any
 * receiver can rebuild the rows it expects. Each field uses its own salt so fields do not move in step.
 */
export function mix32(i: number, salt: number): number {
  let h = (i + Math.imul(salt + 1, 0x9e3779b9)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One element of `list`, chosen by the hash of (i, salt). */
export function pick<T>(list: readonly T[], i: number, salt: number): T {
  return list[mix32(i, salt) % list.length];
}
