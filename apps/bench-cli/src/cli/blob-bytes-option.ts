import { MAX_BINARY_BLOB_BYTES, useBinaryBlobBytes } from '@app/shapes';
import { UsageError } from './usage-error';

/** The setting --blob-bytes stands for: the bench passes it to the apps it starts. */
export const BLOB_BYTES_VARIABLE = 'BINARY_BLOB_BYTES';

/**
 * --blob-bytes N: the `binary` shape's blob size, 1 to MAX_BINARY_BLOB_BYTES (the range BINARY_BLOB_BYTES has), or
 * null when not given (the apps then read BINARY_BLOB_BYTES, or its default, as this process does). Registered here
 * (useBinaryBlobBytes) so that what this process computes from the shape before anything starts (the shapes preset's
 * sizes, the scenarios' admission bounds) is about the rows the apps will send.
 */
export function blobBytesOption(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_BINARY_BLOB_BYTES) {
    throw new UsageError(
      `--blob-bytes must be an integer from 1 to ` +
        `${MAX_BINARY_BLOB_BYTES} (the binary shape's blob, BINARY_BLOB_BYTES), got "${raw}"`,
    );
  }
  const blobBytes = Number(raw);
  useBinaryBlobBytes(blobBytes);
  return blobBytes;
}

/**
 * What the apps this run starts get for --blob-bytes: the setting, or nothing (they inherit this process's
 * environment).
 */
export function blobBytesEnv(blobBytes: number | null): Record<string, string> {
  return blobBytes === null ? {} : { [BLOB_BYTES_VARIABLE]: String(blobBytes) };
}
