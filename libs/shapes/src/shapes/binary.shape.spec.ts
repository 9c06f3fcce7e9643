import { gzipSync } from 'node:zlib';
import { toJsonRow } from '../shape-json';
import { BINARY_BLOB_BYTES, binaryShape } from './binary.shape';

describe('the binary shape', () => {
  it('carries a 4 KiB blob per row by default, base64 in JSON', () => {
    const shape = binaryShape();
    expect(BINARY_BLOB_BYTES).toBe(4096);
    const r = shape.row(3);
    expect(r.data.length).toBe(4096);
    expect(toJsonRow(shape, r).data).toBe(r.data.toString('base64'));
  });

  it('makes blobs of any size, different per row, that do not compress', () => {
    const shape = binaryShape(1001);
    expect(shape.row(0).data.length).toBe(1001);
    expect(shape.row(1).data.equals(shape.row(2).data)).toBe(false);
    expect(binaryShape(0).row(5).data.length).toBe(0);
    expect(gzipSync(binaryShape().row(9).data).length).toBeGreaterThan(4000);
    expect(() => binaryShape(-1)).toThrow(RangeError);
  });
});
