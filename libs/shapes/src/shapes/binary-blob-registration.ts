import type { Shape } from '../shape.interface';
import { BINARY_BLOB_BYTES, BinaryRow, binaryShape } from './binary.shape';

let size = BINARY_BLOB_BYTES;
let configured: Shape<BinaryRow> = binaryShape(size);

/**
 * Makes the registry's `binary` shape one with blobs of `blobBytes` (BINARY_BLOB_BYTES, --blob-bytes). Each app calls
 * it once at start-up with its configuration's size (loadAppConfig), the bench CLI with the size it gives the apps it
 * starts, so servers, client and CLI generate, verify, bound (Shape.maxRowBytes) and size the same rows.
 */
export function useBinaryBlobBytes(blobBytes: number): void {
  if (blobBytes === size) return;
  configured = binaryShape(blobBytes);
  size = blobBytes;
}

/** The `binary` shape this process serves or calls: BINARY_BLOB_BYTES unless useBinaryBlobBytes chose another size. */
export function configuredBinaryShape(): Shape<BinaryRow> {
  return configured;
}

/** The size of this process's binary blobs, for results and the run's context. */
export function configuredBinaryBlobBytes(): number {
  return size;
}
