import type { Metadata } from '@grpc/grpc-js';

/** Request metadata by which a client asks for the reply's rows to be encoded in slices of this many (grpc-sliced). */
export const SLICE_ROWS_METADATA = 'wirebench-slice-rows';

/** A `wirebench-slice-rows` value the server will not use; the handlers answer INVALID_ARGUMENT with its message. */
export class InvalidSliceRowsError extends Error {}

/**
 * The slice size a request asked for, or null when it did not ask (one encode, the `grpc` path). Anything but one
 * decimal integer from 1 to MAX_ROWS is refused, naming the limit.
 */
export function readSliceRows(metadata: Metadata, maxRows: number): number | null {
  const values = metadata.get(SLICE_ROWS_METADATA);
  if (values.length === 0) return null;
  const text = values.map(String).join(',');
  const k = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(k) || k < 1 || k > maxRows) {
    throw new InvalidSliceRowsError(
      `${SLICE_ROWS_METADATA} must be an integer from 1 to ` +
        `${maxRows} (MAX_ROWS), got ${JSON.stringify(text.slice(0, 40))}`,
    );
  }
  return k;
}
