import type { JsonRow, MessageRow, RowBytes, Shape } from './shape.interface';
import { loadProtoRoot } from './shapes-proto';

/**
 * What one given row takes in both encodings, by the rules of RowBytes: its JSON text plus one separator, and its
 * record in the shape's rows message, encoded by protobufjs (the encoder proto-loader runs on the gRPC servers).
 * Given a row that is, field by field, at least as long as any row the generator makes (in both encodings: the
 * longest string of each list, the widest number, every optional field set), it is a bound for every row.
 */
export function rowBytesOf(
  shape: Pick<Shape, 'protoFile' | 'rowsMessage' | 'rowsField'>,
  row: MessageRow,
  toJson: (row: MessageRow) => JsonRow,
): RowBytes {
  const rowsType = loadProtoRoot(shape.protoFile).lookupType(shape.rowsMessage);
  return {
    json: Buffer.byteLength(JSON.stringify(toJson(row))) + 1,
    protobuf: rowsType.encode(rowsType.fromObject({ [shape.rowsField]: [row] })).finish().length,
  };
}

/** The element of `list` whose JSON string takes the most UTF-8 bytes (escapes included). */
export function longestString<T extends string>(list: readonly T[]): T {
  const bytes = (s: string) => Buffer.byteLength(JSON.stringify(s));
  return list.reduce((a, b) => (bytes(b) > bytes(a) ? b : a));
}

/** The largest int32, as the widest row number: 10 digits in JSON, a 5-byte varint. */
export const WIDEST_ROW_NUM = 2 ** 31 - 1;
/** A double whose JSON text is as long as any can be (25 characters: sign, "0.00000", 17 significant digits). */
export const WIDEST_DOUBLE = -0.0000012345678901234567;
/** int64 values whose decimal strings and varints are as long as any (20 characters, 10 bytes). */
export const WIDEST_INT64 = '-9223372036854775808';
export const WIDEST_UINT64 = '18446744073709551615';
