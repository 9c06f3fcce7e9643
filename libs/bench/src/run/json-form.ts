import { canonicalFromProtobuf, type JsonRow, type Shape } from '@app/shapes';
import type { RowForm } from '../transports/rows-transport.interface';

/**
 * Rows as a transport handed them over, in the JSON form every checksum reads: JSON rows as they are, decoded
 * protobuf rows through canonicalFromProtobuf one at a time as the checksum pulls them (no second array of rows).
 */
export function inJsonForm(shape: Shape, form: RowForm, rows: Iterable<object>): Iterable<JsonRow> {
  return form === 'json' ? (rows as Iterable<JsonRow>) : convert(shape, rows);
}

function* convert(shape: Shape, rows: Iterable<object>): Iterable<JsonRow> {
  for (const row of rows) yield canonicalFromProtobuf(shape, row);
}
