import { rows } from '@app/data-generator';
import { servedShapes } from '@app/shapes';
import { maxProtoRowBytes } from './row-bytes';
import { rowsCodec, serializeSamples } from './samples-codec';

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

describe.each(servedShapes().map((shape) => [shape.name, shape] as const))('maxProtoRowBytes of %s', (_name, shape) => {
  it("bounds the rows message the servers' own serializer makes", () => {
    for (const [offset, count] of [
      [0, 3000],
      [2 ** 31 - 3000, 3000],
    ]) {
      const bytes = rowsCodec(shape).serialize({ [shape.rowsField]: shape.rows(count, offset) }).length;
      expect(bytes).toBeLessThanOrEqual(count * maxProtoRowBytes(offset + count - 1, shape));
    }
  });
});
