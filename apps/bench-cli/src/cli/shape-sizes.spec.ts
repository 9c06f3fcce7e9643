import { BINARY_BLOB_BYTES, jsonRowsOf, SHAPES, useBinaryBlobBytes } from '@app/shapes';
import { builtInShapeSizes, LARGEST_JSON_BYTES, meanJsonRowBytes, shapeSizes } from './shape-sizes';

describe('shape sizes of the shapes preset', () => {
  it('gives every built-in shape three sizes, smallest first, a tenth apart', () => {
    const all = builtInShapeSizes();
    expect(all.map((s) => s.shape)).toEqual(Object.keys(SHAPES));
    for (const { sizes } of all) {
      expect(sizes).toHaveLength(3);
      expect(sizes[0]).toBeLessThan(sizes[1]);
      expect(sizes[1] / sizes[2]).toBeCloseTo(0.1, 1);
      expect(sizes[0] / sizes[2]).toBeCloseTo(0.01, 2);
    }
  });

  it.each(Object.keys(SHAPES) as (keyof typeof SHAPES)[])(
    'sizes %s so its largest reply is ~100 MB of real JSON',
    (name) => {
      const shape = SHAPES[name];
      const largest = shapeSizes(shape)[2];
      // The real reply of a slice of those rows, scaled: within 10% of 100 MB (two significant digits round by <5%).
      const slice = 2000;
      const offset = largest - slice;
      const bytes = Buffer.byteLength(JSON.stringify(jsonRowsOf(shape, slice, offset))) / slice;
      expect(bytes * largest).toBeGreaterThan(0.9 * LARGEST_JSON_BYTES);
      expect(bytes * largest).toBeLessThan(1.1 * LARGEST_JSON_BYTES);
    },
  );

  it('follows the rows a shape really has: a heavier shape gets fewer rows', () => {
    expect(meanJsonRowBytes(SHAPES.binary, 1000)).toBeGreaterThan(meanJsonRowBytes(SHAPES.numeric, 1000));
    expect(shapeSizes(SHAPES.binary)[2]).toBeLessThan(shapeSizes(SHAPES.numeric)[2]);
  });

  it(
    'sizes binary by the configured blob (--blob-bytes, BINARY_BLOB_BYTES): a quarter of the blob, about ' +
      'four times the rows',
    () => {
      const at4096 = builtInShapeSizes().find((s) => s.shape === 'binary')!.sizes;
      useBinaryBlobBytes(1024);
      try {
        const at1024 = builtInShapeSizes().find((s) => s.shape === 'binary')!.sizes;
        expect(at1024[2] / at4096[2]).toBeGreaterThan(3);
        expect(at1024[2] / at4096[2]).toBeLessThan(4.5);
      } finally {
        useBinaryBlobBytes(BINARY_BLOB_BYTES);
      }
    },
  );
});
