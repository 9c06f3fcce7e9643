import type { Samples } from './interfaces/sample-service.interface';

/**
 * Encodes `{ samples }` as the concatenation of `{ samples: slice }` for consecutive slices of `sliceRows` rows, with
 * the same encoder. A repeated field is written as one tagged record per element and a parser merges repeated
 * fields across the message, so the result is the one-shot encoding byte for byte (Samples has no other field).
 */
export function serializeInSlices(serialize: (value: Samples) => Buffer, samples: Samples['samples'], sliceRows: number): Buffer {
  if (samples.length <= sliceRows) return serialize({ samples });
  const parts: Buffer[] = [];
  let total = 0;
  for (let start = 0; start < samples.length; start += sliceRows) {
    const part = serialize({ samples: samples.slice(start, start + sliceRows) });
    parts.push(part);
    total += part.length;
  }
  return Buffer.concat(parts, total);
}
