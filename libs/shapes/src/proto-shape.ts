import { CanonicalChecksumAccumulator } from './canonical-json';
import { proto3JsonConverter } from './proto3-json';
import { rowBytesOf } from './row-bytes-bound';
import type { JsonRow, MessageRow, RowBytes, Shape, ShapeSetting } from './shape.interface';
import { loadProtoRoot, SHAPES_PROTO_FILE } from './shapes-proto';
import { rowsOf } from './row-range';

const PACKAGE = 'wirebench.shapes';

/**
 * A built-in shape of proto/shapes.proto from its name, message and row generator: the rest (wrapper, JSON form,
 * checksum, size bound) follows the same rules for every one of them. The proto is read on the first toJson or
 * maxRowBytes, not at import. `widestRow` is a row at least as long as any the generator makes, field by field, in
 * both encodings: its sizes bound every row's whatever its number (rowBytesOf).
 */
export function protoShape<R extends MessageRow>(def: {
  name: string;
  description: string;
  message: string;
  service: string;
  row: (i: number) => R;
  widestRow: R;
  mismatchHint?: string;
  setting?: ShapeSetting;
}): Shape<R> {
  const rowMessage = `${PACKAGE}.${def.message}`;
  let toJson: ((row: R) => JsonRow) | undefined;
  let bound: RowBytes | undefined;
  const shape: Shape<R> = {
    name: def.name,
    description: def.description,
    protoFile: SHAPES_PROTO_FILE,
    rowMessage,
    rowsMessage: `${rowMessage}s`,
    rowsField: 'rows',
    grpcService: `${PACKAGE}.${def.service}`,
    unaryMethod: 'GetRows',
    streamMethod: 'StreamRows',
    row: def.row,
    rows: (count, offset) => rowsOf(def.row, count, offset),
    toJson: (row) => (toJson ??= proto3JsonConverter(loadProtoRoot(SHAPES_PROTO_FILE).lookupType(rowMessage)))(row),
    maxRowBytes: () => (bound ??= rowBytesOf(shape, def.widestRow, (row) => shape.toJson(row as R))),
    newChecksum: () => new CanonicalChecksumAccumulator(),
    ...(def.mismatchHint !== undefined ? { mismatchHint: def.mismatchHint } : {}),
    ...(def.setting !== undefined ? { setting: def.setting } : {}),
  };
  return shape;
}
