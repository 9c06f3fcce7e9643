import { codecTable } from './codec-table';
import type { CodecMeasurement } from './measure-codec';
import { median } from './median';

const measurement = (
  codec: string,
  family: 'json' | 'protobuf',
  encodeMs: number[],
  decodeMs: number[],
): CodecMeasurement => ({
  shape: 'row',
  family,
  codec,
  rows: 1000,
  encodedBytes: 2 * 1024 * 1024,
  encodeMs,
  decodeMs,
  rssBeforeBytes: 100 * 1024 * 1024,
  peakRssBytes: 300 * 1024 * 1024,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow(RangeError);
  });
});

describe('codecTable', () => {
  it('gives µs per row of the medians, and encode+decode beside JSON.stringify of the same shape and rows', () => {
    const table = codecTable([
      measurement('json-stringify', 'json', [1, 2, 3], [1, 1, 1]),
      measurement('ts-proto', 'protobuf', [4, 6, 9], [2, 2, 2]),
    ]);
    const [header, , json, proto] = table.split('\n');
    expect(header).toBe(
      '| shape | rows | family | serializer | encode µs/row | decode µs/row | encode+decode × JSON.stringify ' +
        '| reply MB | RSS before MB | peak RSS MB |',
    );
    expect(json).toBe('| row | 1,000 | json | json-stringify | 2.000 | 1.000 | 1.00 | 2.0 | 100 | 300 |');
    expect(proto).toBe('| row | 1,000 | protobuf | ts-proto | 6.000 | 2.000 | 2.67 | 2.0 | 100 | 300 |');
  });
});
