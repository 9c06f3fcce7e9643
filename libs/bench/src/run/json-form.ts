import { canonicalFromProtobuf, type JsonRow, type Shape } from '@app/shapes';
import type { RowForm } from '../transport-contract/rows-transport.interface';

/**
 * Rows as a transport handed them over, in the JSON form every checksum reads: JSON rows as they are, decoded
 * protobuf rows through canonicalFromProtobuf one at a time as the checksum pulls them (no second array of rows).
 * A `serializer` transport's rows are already in it (its codec's toJsonRows: a stream's chunks, pushed so).
 */
export function inJsonForm(shape: Shape, form: RowForm, rows: Iterable<object>): Iterable<JsonRow> {
  return form === 'protobuf' ? convert(shape, rows) : (rows as Iterable<JsonRow>);
}

function* convert(shape: Shape, rows: Iterable<object>): Iterable<JsonRow> {
  for (const row of rows) yield canonicalFromProtobuf(shape, row);
}
