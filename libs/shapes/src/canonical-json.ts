import { TextChecksumAccumulator } from '@app/data-generator';
import type { JsonRow, JsonValue, ShapeChecksumAccumulator } from './shape.interface';

/**
 * A JSON value's one text: JSON.stringify with every object's keys sorted. Sorted rather than in field order so a
 * receiver needs no schema, and because a map's entries have no order on the wire; JSON.parse and every protobuf
 * decoder agree on the values, so the JSON and protobuf forms of the same row give the same text.
 */
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`).join(',')}}`;
}

/**
 * SHA-256 over each row's canonical JSON text, one row per line (JSON text never holds a raw newline), in order.
 * Chunking does not change it: @app/data-generator's hasher, over this text instead of the article row's.
 */
export class CanonicalChecksumAccumulator extends TextChecksumAccumulator<JsonRow> implements ShapeChecksumAccumulator {
  constructor() {
    super((row) => canonicalJson(row) + '\n');
  }
}
