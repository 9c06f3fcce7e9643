/**
 * Encodes `{ [rowsField]: rows }` as the concatenation of `{ [rowsField]: slice }` for consecutive slices of
 * `sliceRows` rows, with the same encoder. A repeated field is written as one tagged record per element and a parser
 * merges repeated fields across the message, so the result is the one-shot encoding byte for byte (every shape's
 * rows message has no other field). `rowsField` defaults to the article's `Samples.samples`.
 */
export function serializeInSlices<R>(
  serialize: (value: Record<string, R[]>) => Buffer,
  rows: R[],
  sliceRows: number,
  rowsField = 'samples',
): Buffer {
  if (rows.length <= sliceRows) return serialize({ [rowsField]: rows });
  const parts: Buffer[] = [];
  let total = 0;
  for (let start = 0; start < rows.length; start += sliceRows) {
    const part = serialize({ [rowsField]: rows.slice(start, start + sliceRows) });
    parts.push(part);
    total += part.length;
  }
  return Buffer.concat(parts, total);
}
