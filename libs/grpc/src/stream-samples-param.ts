import type { Shape } from '@app/shapes';
import type { StreamSamplesParam } from './interfaces/sample-service.interface';
import { chunkBudgetProblem } from '@app/serving';
import { maxProtoRowBytes } from './row-bytes';
import { invalidRequestProblem } from './invalid-request';

// rowNum is an int32 on the wire, so the last row a stream sends must fit in one.
const INT32_MAX = 2 ** 31 - 1;

/** The limits a StreamSamples request is checked against (MAX_STREAM_ROWS, MAX_ROWS from the config). */
export interface StreamSamplesLimits {
  maxStreamRows: number;
  /** One message's rows: a chunk is held to the unary limit. */
  maxRows: number;
  /** STREAM_BUFFER_BYTES: what one stream may hold; one chunk's encoding must fit it. */
  bufferBytes: number;
}

/**
 * Why the server refuses a StreamSamples request, or a shape's StreamRows (one that did not decode, naming the field;
 * one chunk of the shape's rows beyond the stream's budget), naming the limit, or null when it will serve it. Both gRPC
 * servers answer INVALID_ARGUMENT with this text, so the message is written in one place.
 */
export function streamSamplesProblem(
  param: StreamSamplesParam,
  limits: StreamSamplesLimits,
  shape?: Shape,
): string | null {
  const invalid = invalidRequestProblem(param);
  if (invalid !== null) return invalid;
  const { count, offset, chunk_rows } = param;
  if (!Number.isInteger(count) || count < 0 || count > limits.maxStreamRows) {
    return `count must be an integer from 0 to ${limits.maxStreamRows} (MAX_STREAM_ROWS), got ${count}`;
  }
  if (!Number.isInteger(chunk_rows) || chunk_rows < 1 || chunk_rows > limits.maxRows) {
    return `chunk_rows must be an integer from 1 to ${limits.maxRows} (MAX_ROWS), got ${chunk_rows}`;
  }
  if (!Number.isInteger(offset) || offset < 0 || offset + Math.max(count, 1) - 1 > INT32_MAX) {
    return (
      `offset must be an integer from 0 with offset + count - 1 at most ` +
      `${INT32_MAX} (rowNum is an int32), got offset ${offset} and count ${count}`
    );
  }
  return chunkBudgetProblem(
    'chunk_rows',
    Math.min(chunk_rows, count),
    maxProtoRowBytes(offset + count - 1, shape),
    limits.bufferBytes,
  );
}
