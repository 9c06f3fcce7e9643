import { rows } from '@app/data-generator';
import { maxProtoRowBytes } from './row-bytes';
import { serializeSamples } from './samples-codec';

describe('maxProtoRowBytes', () => {
  it.each([
    [0, 1],
    [0, 5000],
    [999_000, 1000],
    [2 ** 31 - 51, 50],
  ])('rows %d + %d encode to at most count x the bound of the last row', (offset, count) => {
    const bytes = serializeSamples({ samples: rows(count, offset) }).length;
    const bound = maxProtoRowBytes(offset + count - 1);
    expect(bytes).toBeLessThanOrEqual(count * bound);
    // Exact for the last row itself.
    expect(serializeSamples({ samples: rows(1, offset + count - 1) }).length).toBe(bound);
  });
});
