import { getShape, SHAPES, servedShapes } from '../registry';
import { BINARY_BLOB_BYTES, type BinaryRow } from './binary.shape';
import { configuredBinaryBlobBytes, useBinaryBlobBytes } from './binary-blob-registration';

describe("the binary shape's configured blob size", () => {
  afterEach(() => useBinaryBlobBytes(BINARY_BLOB_BYTES));

  it('is BINARY_BLOB_BYTES until a process chooses another', () => {
    expect(configuredBinaryBlobBytes()).toBe(4096);
    expect((getShape('binary').row(3) as BinaryRow).data.length).toBe(4096);
  });

  it("makes the registry's binary shape (getShape, SHAPES, servedShapes) one of that size", () => {
    useBinaryBlobBytes(1024);
    expect(configuredBinaryBlobBytes()).toBe(1024);
    expect((getShape('binary').row(3) as BinaryRow).data.length).toBe(1024);
    expect(SHAPES.binary.row(7).data.length).toBe(1024);
    expect(
      servedShapes()
        .find((s) => s.name === 'binary')!
        .rows(2)
        .map((r) => (r as { data: Buffer }).data.length),
    ).toEqual([1024, 1024]);
    expect(getShape('binary').description).toContain('1024 bytes');
  });

  it('moves the admission bound (maxRowBytes) with the size, still at least a real row', () => {
    const at4096 = getShape('binary').maxRowBytes(999);
    useBinaryBlobBytes(1024);
    const at1024 = getShape('binary').maxRowBytes(999);
    // base64 is 4 characters per 3 bytes: 3072 fewer bytes are 4096 fewer characters of JSON, 3072 fewer of protobuf
    // (plus the blob's length prefix, one byte shorter).
    expect(at4096.json - at1024.json).toBe(4096);
    expect(at4096.protobuf - at1024.protobuf).toBeGreaterThanOrEqual(3072);
    const row = getShape('binary').toJson(getShape('binary').row(999));
    expect(at1024.json).toBeGreaterThanOrEqual(Buffer.byteLength(JSON.stringify(row)) + 1);
  });

  it('names BINARY_BLOB_BYTES for a checksum mismatch; the other built-in shapes have no such hint', () => {
    useBinaryBlobBytes(1024);
    expect(getShape('binary').mismatchHint).toBe(
      "this process's binary blobs are 1024 bytes (BINARY_BLOB_BYTES): a server started with another " +
        'BINARY_BLOB_BYTES sends other rows',
    );
    expect(getShape('row').mismatchHint).toBeUndefined();
  });
});
