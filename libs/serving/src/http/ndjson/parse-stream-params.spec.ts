import { parseStreamParams } from './parse-stream-params';

const LIMITS = { maxStreamRows: 100_000_000, maxRows: 1_000_000, defaultChunkRows: 1000, bufferBytes: 2 ** 40 };
const INT32_MAX = 2 ** 31 - 1;

describe('parseStreamParams', () => {
  it('defaults chunk and offset', () => {
    expect(parseStreamParams('25000', undefined, undefined, LIMITS)).toEqual({
      count: 25000,
      chunkRows: 1000,
      offset: 0,
    });
    expect(parseStreamParams('0', '1', '7', LIMITS)).toEqual({ count: 0, chunkRows: 1, offset: 7 });
    expect(parseStreamParams('100000000', '1000000', String(INT32_MAX - 99_999_999), LIMITS)).toMatchObject({
      count: 100_000_000,
      offset: INT32_MAX - 99_999_999,
    });
  });

  it.each([
    ['count', '100000001', undefined, undefined, 100_000_000],
    ['count', '-1', undefined, undefined, 100_000_000],
    ['count', '1e3', undefined, undefined, 100_000_000],
    ['chunk', '10', '0', undefined, 1_000_000],
    ['chunk', '10', '1000001', undefined, 1_000_000],
    ['chunk', '10', '', undefined, 1_000_000],
    ['offset', '10', undefined, '-5', INT32_MAX - 9],
    ['offset', '10', undefined, String(INT32_MAX - 8), INT32_MAX - 9],
    ['offset', '0', undefined, String(INT32_MAX + 1), INT32_MAX],
  ])('400 naming %s and its limit (count %j, chunk %j, offset %j)', (parameter, count, chunk, offset, limit) => {
    const result = parseStreamParams(count, chunk, offset, LIMITS);
    expect(result).toEqual({
      error: {
        statusCode: 400,
        error: 'Bad Request',
        parameter,
        limit,
        message: expect.stringContaining(String(limit)),
      },
    });
  });

  it(
    '400 naming chunk when one chunk of NDJSON could pass STREAM_BUFFER_BYTES, with the largest that fits as ' +
      'the limit',
    () => {
      // Rows up to 99,999 are at most 267 bytes of NDJSON each.
      const tight = { ...LIMITS, bufferBytes: 1000 * 267 };
      expect(parseStreamParams('100000', '1000', undefined, tight)).toMatchObject({ chunkRows: 1000 });
      expect(parseStreamParams('100000', '1001', undefined, tight)).toEqual({
        error: {
          statusCode: 400,
          error: 'Bad Request',
          parameter: 'chunk',
          limit: 1000,
          message:
            'chunk must be at most 1000 here: a chunk of 1001 rows may encode to 267267 bytes, more than a ' +
            'stream may hold (STREAM_BUFFER_BYTES, 267000)',
        },
      });
    },
  );
});
