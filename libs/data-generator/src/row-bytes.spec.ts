import { maxJsonRowBytes } from './row-bytes';
import { rows } from './rows';

describe('maxJsonRowBytes', () => {
  it.each([
    [0, 1],
    [5, 1000],
    [999_990, 20],
    [2 ** 31 - 101, 100],
  ])('bounds every row of %d + %d exactly: no row is longer, the last is as long', (offset, count) => {
    const bound = maxJsonRowBytes(offset + count - 1);
    const sizes = rows(count, offset).map((r) => Buffer.byteLength(JSON.stringify(r)) + 1);
    expect(Math.max(...sizes)).toBe(bound);
  });

  it('a body of N rows fits N times the bound of its last row', () => {
    const body = JSON.stringify({ samples: rows(12_345, 0) });
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(12_345 * maxJsonRowBytes(12_344) + 16);
  });
});
