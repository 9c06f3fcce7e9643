import { Writer, type Type } from 'protobufjs';
import { loadProtoRoot, type Shape } from '@app/shapes';

/** Encodes one rows message a piece of rows at a time into one writer; `finish` gives the whole message's bytes. */
export interface RowsPieceEncoder {
  add(reply: Record<string, object[]>): void;
  finish(): Buffer;
}

// By the shape itself, not its name: `user` may name another message in a test's process.
const types = new Map<Shape, Type>();

function rowsType(shape: Shape): Type {
  let type = types.get(shape);
  if (!type) {
    type = (shape.protoRoot ?? loadProtoRoot(shape.protoFile)).lookupType(shape.rowsMessage);
    types.set(shape, type);
  }
  return type;
}

/**
 * proto-loader's serializer (`encode(fromObject(reply)).finish()` over protobufjs reflection of the same proto,
 * loaded keepCase as proto-loader loads it) cut at row boundaries: each piece is `fromObject`-copied and its records
 * appended to one writer, which is finished once. The rows message has only its repeated field, so this is the same
 * bytes, the same per-row calls and the same single buffer as encoding the whole reply at once; only the turns of the
 * event loop between pieces are new.
 */
export function rowsPieceEncoder(shape: Shape): RowsPieceEncoder {
  const type = rowsType(shape);
  const writer = Writer.create();
  return {
    add: (reply) => void type.encode(type.fromObject(reply), writer),
    finish: () => writer.finish() as Buffer,
  };
}
