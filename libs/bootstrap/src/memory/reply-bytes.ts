import { maxJsonRowBytes } from '@app/data-generator';

/** The largest `{"samples":[...]}` JSON body of `count` rows: what a JSON server reserves before it builds one. */
export function jsonReplyBytes(count: number): number {
  return count * maxJsonRowBytes(count - 1) + '{"samples":[]}'.length;
}

/** What an NDJSON stream may hold: its budget, or all of its rows when they are fewer. */
export function ndjsonStreamBytes(count: number, offset: number, bufferBytes: number): number {
  return Math.min(bufferBytes, count * maxJsonRowBytes(offset + count - 1));
}

/**
 * Replies of more rows than this wait for the event loop's next poll (afterPendingIo) before they are built, so a
 * caller who left is seen and costs nothing; a smaller reply costs less to build than the wait.
 */
export const LARGE_REPLY_ROWS = 10_000;
