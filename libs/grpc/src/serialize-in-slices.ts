/**
 * Encodes `{ [rowsField]: rows }` as the concatenation of `{ [rowsField]: slice }` for consecutive slices of
 * `sliceRows` rows, with the same encoder. A repeated field is written as one tagged record per element and a parser
 * merges repeated fields across the message, so the result is the one-shot encoding byte for byte (every shape's
 * rows message has no other field). `rowsField` defaults to the article's `Samples.samples`.
 *
 * With `maxBytes`, a bound on the message's size (the shape's maxRowBytes per row), each slice is copied into one
 * buffer of that size as soon as it is encoded and let go: the message is then in memory once plus one slice,
 * where keeping the slices to concatenate them holds it twice (149 MB more for 1,000,000 rows of `row`). The
 * buffer's pages that are never written are never resident (the kernel commits a page on its first write), so an
 * over-estimate costs address space, not memory. A slice past the bound (not expected: the bounds are tested) is
 * kept and concatenated as before.
 */
export function serializeInSlices<R>(serialize: (value: Record<string, R[]>) => Buffer, rows: R[], sliceRows: number, rowsField = 'samples', maxBytes?: number): Buffer {
  if (rows.length <= sliceRows) return serialize({ [rowsField]: rows });
  const into = maxBytes === undefined ? undefined : Buffer.allocUnsafeSlow(maxBytes);
  const parts: Buffer[] = [];
  let filled = 0;
  let total = 0;
  for (let start = 0; start < rows.length; start += sliceRows) {
    const part = serialize({ [rowsField]: rows.slice(start, start + sliceRows) });
    if (into !== undefined && parts.length === 0 && filled + part.length <= into.length) filled += part.copy(into, filled);
    else parts.push(part);
    total += part.length;
  }
  if (into === undefined) return Buffer.concat(parts, total);
  return parts.length === 0 ? into.subarray(0, filled) : Buffer.concat([into.subarray(0, filled), ...parts], total);
}
