import { row } from '@app/data-generator';
import { serializeSamples } from './samples-codec';

/**
 * The most bytes one row up to row number `lastRowNum` adds to a `Samples` message: its field tag, length and the
 * encoded row, by the server's own encoder. As with JSON, only the digits of the row number vary, so the last row
 * of a range bounds them all exactly.
 */
export function maxProtoRowBytes(lastRowNum: number): number {
  return serializeSamples({ samples: [row(Math.max(0, lastRowNum))] }).length;
}
