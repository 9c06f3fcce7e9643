import { mix32, pick } from '../row-hash';
import { protoShape } from '../proto-shape';
import { longestString, WIDEST_ROW_NUM } from '../row-bytes-bound';
import type { Shape } from '../shape.interface';

/** wirebench.shapes.BinaryRow as proto-loader holds it. */
export interface BinaryRow {
  row_num: number;
  content_type: string;
  data: Buffer;
}

/** The blob's size unless a caller asks for another: 4 KiB, a typical small attachment or thumbnail. */
export const BINARY_BLOB_BYTES = 4096;

/**
 * The largest blob a user may choose (BINARY_BLOB_BYTES, --blob-bytes): 1 MiB, ~1.4 MB of base64 per JSON row. The
 * servers admit a reply by its rows' bound against MAX_INFLIGHT_BYTES (512 MiB by default: ~380 such rows at once)
 * and a stream's chunk against STREAM_BUFFER_BYTES (64 MiB: ~46 rows a chunk), so every shape's one-row request is
 * still admitted under the defaults; past it a "row" is a file transfer, which is not what this workbench measures.
 */
export const MAX_BINARY_BLOB_BYTES = 1024 * 1024;

const CONTENT_TYPES = ['application/octet-stream', 'image/png', 'application/zip'] as const;

/** `size` bytes of xorshift32 output seeded from the row number: looks random (so it does not compress), is not. */
function blob(i: number, size: number): Buffer {
  const data = Buffer.allocUnsafe(size);
  let x = mix32(i, 40) | 1; // xorshift needs a non-zero state
  for (let o = 0; o < size; o += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    const word = x >>> 0;
    for (let b = 0; b < 4 && o + b < size; b++) data[o + b] = (word >>> (8 * b)) & 0xff;
  }
  return data;
}

/**
 * The `binary` shape with blobs of `blobBytes` each; the registry's has BINARY_BLOB_BYTES unless useBinaryBlobBytes
 * chose another.
 */
export function binaryShape(blobBytes: number = BINARY_BLOB_BYTES): Shape<BinaryRow> {
  if (!Number.isSafeInteger(blobBytes) || blobBytes < 0)
    throw new RangeError(`blobBytes must be a non-negative integer, got ${blobBytes}`);
  return protoShape({
    name: 'binary',
    description: `one opaque bytes blob per row (${blobBytes} bytes; base64 in JSON): bytes, and JSON's cost of base64`,
    message: 'BinaryRow',
    service: 'BinaryService',
    row: (i) => ({ row_num: i, content_type: pick(CONTENT_TYPES, i, 41), data: blob(i, blobBytes) }),
    // Every blob has the same size: only the row number and the content type vary in length.
    widestRow: { row_num: WIDEST_ROW_NUM, content_type: longestString(CONTENT_TYPES), data: Buffer.alloc(blobBytes) },
    // A peer that generates other blobs sends rows of the right count and another checksum: say which setting.
    setting: { variable: 'BINARY_BLOB_BYTES', value: blobBytes, resultField: 'blobBytes' },
    mismatchHint:
      `this process's binary blobs are ` +
      `${blobBytes} bytes (BINARY_BLOB_BYTES): a server started with another BINARY_BLOB_BYTES sends other rows`,
  });
}
