import { maxJsonRowBytes } from '@app/data-generator';
import { getShape, shapeNames } from './registry';
import { loadProtoRoot } from './shapes-proto';
import { binaryShape } from './shapes/binary.shape';
import type { MessageRow, Shape } from './shape.interface';

const INT32_MAX = 2 ** 31 - 1;

/**
 * What one row really takes, measured as the servers send it: JSON text + separator, and its record in the rows
 * message.
 */
function realBytes(shape: Shape, row: MessageRow): { json: number; protobuf: number } {
  const rowsType = loadProtoRoot(shape.protoFile).lookupType(shape.rowsMessage);
  return {
    json: Buffer.byteLength(JSON.stringify(shape.toJson(row))) + 1,
    protobuf: rowsType.encode(rowsType.fromObject({ [shape.rowsField]: [row] })).finish().length,
  };
}

// Rows 0..10,000, the last 10,000 an int32 allows, and 2,000 spread over the range in between.
const RANGES: [offset: number, count: number][] = [
  [0, 10_001],
  [INT32_MAX - 9_999, 10_000],
  ...Array.from({ length: 2000 }, (_, k): [number, number] => [Math.floor(((k + 0.5) * INT32_MAX) / 2000), 1]),
];

describe.each(shapeNames())('maxRowBytes of %s', (name) => {
  const shape = getShape(name);

  it('is at least what every row up to the range end takes, in JSON and in protobuf', () => {
    for (const [offset, count] of RANGES) {
      const bound = shape.maxRowBytes(offset + count - 1);
      let json = 0;
      let protobuf = 0;
      for (const row of shape.rows(count, offset)) {
        const real = realBytes(shape, row);
        json = Math.max(json, real.json);
        protobuf = Math.max(protobuf, real.protobuf);
      }
      expect({ offset, json: Math.min(json, bound.json), protobuf: Math.min(protobuf, bound.protobuf) }).toEqual({
        offset,
        json,
        protobuf,
      });
    }
  });

  it('is not far above the largest row (a loose bound would refuse replies that fit)', () => {
    const rows = shape.rows(5000, INT32_MAX - 4999).map((row) => realBytes(shape, row));
    const bound = shape.maxRowBytes(INT32_MAX);
    expect(bound.json).toBeLessThan(1.5 * Math.max(...rows.map((r) => r.json)));
    expect(bound.protobuf).toBeLessThan(1.5 * Math.max(...rows.map((r) => r.protobuf)));
  });
});

describe('maxRowBytes', () => {
  it("of row is the article row's exact bound, as before shapes", () => {
    const row = getShape('row');
    for (const last of [0, 9, 10, 99_999, INT32_MAX]) expect(row.maxRowBytes(last).json).toBe(maxJsonRowBytes(last));
    expect(row.maxRowBytes(-1)).toEqual(row.maxRowBytes(0));
  });

  it('of binary follows the blob size', () => {
    for (const size of [0, 1, 1000, 100_000]) {
      const shape = binaryShape(size);
      const real = realBytes(shape, shape.row(INT32_MAX));
      expect(shape.maxRowBytes(INT32_MAX).protobuf).toBeGreaterThanOrEqual(real.protobuf);
      expect(shape.maxRowBytes(INT32_MAX).json).toBeGreaterThanOrEqual(real.json);
      expect(shape.maxRowBytes(INT32_MAX).protobuf).toBeLessThan(size + 64);
    }
  });
});
