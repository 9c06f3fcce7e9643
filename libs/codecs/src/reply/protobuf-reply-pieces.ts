import { rowsCodec } from '@app/grpc';
import type { MessageRow, Shape } from '@app/shapes';
import { asBuffer } from '../protobuf/as-buffer';
import type { ShapeProtobufCodec } from '../protobuf/protobuf-codec.interface';
import type { ReplyPieces } from './reply-pieces';

/**
 * The shape's rows message, piece by piece: a piece's rows (generate; prepared in `codec`'s own form there when one
 * is named), encoded as a rows message of their own (serialize) by `codec`, or by proto-loader as gRPC's unary method
 * does (rowsCodec). A repeated field is one tagged record per element, so the pieces' bytes put end to end are the
 * one-shot message byte for byte (every shape's rows message has no other field; serializeInSlices relies on it too).
 */
export function protobufReplyPieces(shape: Shape, codec?: ShapeProtobufCodec): ReplyPieces<unknown, Buffer> {
  const parts: Buffer[] = [];
  let bytes = 0;
  const encode = codec ? (prepared: unknown) => asBuffer(codec.encode(prepared)) : rowsEncoder(shape);
  return {
    generate: (first, rows) => (codec ? codec.prepare(shape.rows(rows, first)) : shape.rows(rows, first)),
    serialize: (piece) => {
      const part = encode(piece);
      parts.push(part);
      bytes += part.length;
    },
    // One piece is the body as it is; more are copied once, into a buffer of the known total.
    body: () => (parts.length === 1 ? parts[0] : Buffer.concat(parts, bytes)),
  };
}

function rowsEncoder(shape: Shape): (rows: unknown) => Buffer {
  const { serialize } = rowsCodec(shape);
  return (rows) => serialize({ [shape.rowsField]: rows as MessageRow[] });
}
