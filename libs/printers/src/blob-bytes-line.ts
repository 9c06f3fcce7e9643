import { BINARY_BLOB_BYTES } from '@app/shapes';
import type { ScenarioResult } from '@app/bench';

/**
 * The `binary` shape's blob size, for a report's header, when a result measured it with another than the default
 * (BINARY_BLOB_BYTES, --blob-bytes): its figures are not those of a default run's `binary` rows. Null otherwise.
 */
export function blobBytesLine(results: readonly ScenarioResult[]): string | null {
  const sizes = [
    ...new Set(
      results.flatMap((r) => (r.blobBytes !== undefined && r.blobBytes !== BINARY_BLOB_BYTES ? [r.blobBytes] : [])),
    ),
  ];
  if (sizes.length === 0) return null;
  return (
    `shape binary carries a blob of ` +
    `${sizes.join(', ')} bytes per row (BINARY_BLOB_BYTES, --blob-bytes; default ${BINARY_BLOB_BYTES})`
  );
}
