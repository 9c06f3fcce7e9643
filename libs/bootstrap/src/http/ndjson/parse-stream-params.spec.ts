import { parseStreamParams } from './parse-stream-params';

const LIMITS = { maxStreamRows: 100_000_000, maxRows: 1_000_000, defaultChunkRows: 1000 };
const INT32_MAX = 2 ** 31 - 1;

describe('parseStreamParams', () => {
  it('defaults chunk and offset', () => {
    expect(parseStreamParams('25000', undefined, undefined, LIMITS)).toEqual({ count: 25000, chunkRows: 1000, offset: 0 });
    expect(parseStreamParams('0', '1', '7', LIMITS)).toEqual({ count: 0, chunkRows: 1, offset: 7 });
    expect(parseStreamParams('100000000', '1000000', String(INT32_MAX - 99_999_999), LIMITS)).toMatchObject({ count: 100_000_000, offset: INT32_MAX - 99_999_999 });
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
    expect(result).toEqual({ error: { statusCode: 400, error: 'Bad Request', parameter, limit, message: expect.stringContaining(String(limit)) } });
  });
});
