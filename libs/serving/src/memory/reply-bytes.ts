import { DEFAULT_SHAPE, getShape, type Shape } from '@app/shapes';

/**
 * The largest `{"<rowsField>":[...]}` JSON body of `count` rows of the shape (default: the article's row, whose
 * bound is exact): what a JSON server reserves before it builds one.
 */
export function jsonReplyBytes(count: number, shape: Shape = getShape(DEFAULT_SHAPE)): number {
  return count * shape.maxRowBytes(count - 1).json + `{"${shape.rowsField}":[]}`.length;
}

/** What an NDJSON stream may hold: its budget, or all of its rows when they are fewer. */
export function ndjsonStreamBytes(
  count: number,
  offset: number,
  bufferBytes: number,
  shape: Shape = getShape(DEFAULT_SHAPE),
): number {
  return Math.min(bufferBytes, count * shape.maxRowBytes(offset + count - 1).json);
}

/**
 * Replies of more rows than this wait for the event loop's next poll (afterPendingIo) before they are built, so a
 * caller who left is seen and costs nothing; a smaller reply costs less to build than the wait.
 */
export const LARGE_REPLY_ROWS = 10_000;
