import { DEFAULT_SHAPE, getShape, type Shape } from '@app/shapes';
import { chunkBudgetProblem } from '../../memory/chunk-budget';
import { PLAIN_INTEGER } from '../plain-integer';

/** The 400 body of a bad stream parameter: ParseCountPipe's shape, naming the parameter and its limit. */
export interface BadStreamParamBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: 'count' | 'chunk' | 'offset';
  limit: number;
  message: string;
}

export interface StreamParams {
  count: number;
  chunkRows: number;
  offset: number;
}

export interface StreamLimits {
  /** count: 0..maxStreamRows. */
  maxStreamRows: number;
  /** chunk: 1..maxRows (a chunk is one write, held to the unary limit). */
  maxRows: number;
  /** chunk when the query has none. */
  defaultChunkRows: number;
  /** STREAM_BUFFER_BYTES: what one stream may hold; one chunk's NDJSON must fit it. */
  bufferBytes: number;
}

// rowNum is an int32 on the wire, so the last row number must fit in one.
const INT32_MAX = 2 ** 31 - 1;

/**
 * `GET /samples/:count/stream?chunk=&offset=` for both JSON servers (Nest and bare), checked in one place so they fail
 * alike: count 0..MAX_STREAM_ROWS, chunk 1..MAX_ROWS (default STREAM_CHUNK_ROWS), offset >= 0 with the last row number
 * <= 2^31-1, and one chunk of the shape's rows within the stream's budget. The first bad one is the body of a 400.
 */
export function parseStreamParams(
  count: string,
  chunk: string | undefined,
  offset: string | undefined,
  limits: StreamLimits,
  shape: Shape = getShape(DEFAULT_SHAPE),
): StreamParams | { error: BadStreamParamBody } {
  if (!PLAIN_INTEGER.test(count) || Number(count) > limits.maxStreamRows)
    return bad('count', limits.maxStreamRows, `count must be an integer from 0 to ${limits.maxStreamRows}`, count);
  const rows = Number(count);
  const chunkRows = chunk === undefined ? limits.defaultChunkRows : Number(chunk);
  if (chunk !== undefined && (!PLAIN_INTEGER.test(chunk) || chunkRows < 1 || chunkRows > limits.maxRows)) {
    return bad('chunk', limits.maxRows, `chunk must be an integer from 1 to ${limits.maxRows}`, chunk);
  }
  const maxOffset = INT32_MAX - Math.max(rows - 1, 0);
  const first = offset === undefined ? 0 : Number(offset);
  if (offset !== undefined && (!PLAIN_INTEGER.test(offset) || first > maxOffset)) {
    return bad(
      'offset',
      maxOffset,
      `offset must be an integer from 0 to ` +
        `${maxOffset} (the last row number, offset + count - 1, must fit in an int32)`,
      offset,
    );
  }
  const rowBytes = shape.maxRowBytes(first + rows - 1).json;
  const overBudget = chunkBudgetProblem('chunk', Math.min(chunkRows, rows), rowBytes, limits.bufferBytes);
  if (overBudget !== null)
    return {
      error: {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'chunk',
        limit: Math.floor(limits.bufferBytes / rowBytes),
        message: overBudget,
      },
    };
  return { count: rows, chunkRows, offset: first };
}

function bad(
  parameter: BadStreamParamBody['parameter'],
  limit: number,
  text: string,
  got: string,
): { error: BadStreamParamBody } {
  return {
    error: { statusCode: 400, error: 'Bad Request', parameter, limit, message: `${text}, got ${JSON.stringify(got)}` },
  };
}
