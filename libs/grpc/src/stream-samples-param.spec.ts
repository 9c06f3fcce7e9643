import { maxProtoRowBytes } from './row-bytes';
import { invalidRequest } from './invalid-request';
import { streamSamplesProblem } from './stream-samples-param';

const limits = { maxStreamRows: 5000, maxRows: 100, bufferBytes: 1024 ** 3 };
const ok = { count: 10, offset: 0, chunk_rows: 3 };

describe('streamSamplesProblem', () => {
  it('accepts the edges of every limit', () => {
    for (const param of [
      ok,
      { ...ok, count: 0 },
      { ...ok, count: 5000 },
      { ...ok, chunk_rows: 1 },
      { ...ok, chunk_rows: 100 },
      { count: 1, offset: 2 ** 31 - 1, chunk_rows: 1 },
      { count: 10, offset: 2 ** 31 - 10, chunk_rows: 1 },
    ]) {
      expect(streamSamplesProblem(param, limits)).toBeNull();
    }
  });

  it.each([
    [{ ...ok, count: -1 }, 'count must be an integer from 0 to 5000 (MAX_STREAM_ROWS), got -1'],
    [{ ...ok, count: 5001 }, 'count must be an integer from 0 to 5000 (MAX_STREAM_ROWS), got 5001'],
    [{ ...ok, chunk_rows: 0 }, 'chunk_rows must be an integer from 1 to 100 (MAX_ROWS), got 0'],
    [{ ...ok, chunk_rows: 101 }, 'chunk_rows must be an integer from 1 to 100 (MAX_ROWS), got 101'],
    [
      { ...ok, offset: -1 },
      'offset must be an integer from 0 with offset + count - 1 at most 2147483647 (rowNum is an int32), got ' +
        'offset -1 and count 10',
    ],
    [
      { ...ok, offset: 2 ** 31 - 9 },
      'offset must be an integer from 0 with offset + count - 1 at most 2147483647 (rowNum is an int32), got ' +
        'offset 2147483639 and count 10',
    ],
    [{ ...ok, count: 1.5 }, 'count must be an integer from 0 to 5000 (MAX_STREAM_ROWS), got 1.5'],
  ])('refuses %j naming the limit', (param, message) => {
    expect(streamSamplesProblem(param, limits)).toBe(message);
  });

  it(
    'refuses a chunk whose encoding could pass STREAM_BUFFER_BYTES, naming the budget and the largest chunk ' +
      'that fits',
    () => {
      const rowBytes = maxProtoRowBytes(99);
      expect(rowBytes).toBe(114);
      const tight = { ...limits, bufferBytes: 50 * rowBytes };
      expect(streamSamplesProblem({ count: 100, offset: 0, chunk_rows: 50 }, tight)).toBeNull();
      expect(streamSamplesProblem({ count: 100, offset: 0, chunk_rows: 51 }, tight)).toBe(
        'chunk_rows must be at most 50 here: a chunk of 51 rows may encode to 5814 bytes, more than a stream ' +
          'may hold (STREAM_BUFFER_BYTES, 5700)',
      );
      // A chunk is never larger than the stream, so a short stream with a large chunk_rows is fine.
      expect(streamSamplesProblem({ count: 10, offset: 0, chunk_rows: 100 }, tight)).toBeNull();
    },
  );

  it('passes on what the strict deserializer found, naming the field', () => {
    expect(
      streamSamplesProblem(
        invalidRequest('chunk_rows: 2147483648 is outside int32 (varint on the wire)') as never,
        limits,
      ),
    ).toBe('chunk_rows: 2147483648 is outside int32 (varint on the wire)');
  });
});
