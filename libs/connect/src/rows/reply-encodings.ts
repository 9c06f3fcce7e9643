import { create, toBinary, toJsonString, type DescField, type DescMessage, type Message } from '@bufbuild/protobuf';
import { BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import { PROTOBUF_ES_REGISTRY } from '@app/codecs';
import type { Shape } from '@app/shapes';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';
import { JSON_STAND_INS } from './json-stand-ins';

/**
 * A unary reply encoded by its handler, piece by piece (each piece a rows message of consecutive rows), then handed to
 * connect-es so that it writes byte for byte what it writes for the whole message built at once. connect-es
 * serializes a handler's reply itself, in one synchronous step after the handler has returned, and takes no bytes;
 * each format has one door:
 * - protobuf: toBinary writes a message's unknown fields as they are, after its known ones. A repeated field's records
 *   concatenate, so each piece's bytes (its rows' records) ride in the reply's `$unknown`, less their first tag,
 *   which toBinary writes back from the entry's field number and wire type; the rows field itself stays empty.
 * - JSON: the proto3 JSON of the rows message is `{"rows":[` row, row, ... `]}`, so the pieces' row texts joined by
 *   `,` between that opening and close are the whole text. The handler joins them, and the body reaches the wire
 *   through the stand-ins' textEncoder (json-stand-ins.ts) as it is.
 */
export interface ReplyEncoding {
  /** One piece's bytes: its rows message encoded on its own, as the reply's pieces are joined from. */
  encode(piece: Message): Uint8Array;
  /**
   * What to return to connect-es for a reply made of `pieces`, in row order (part of the serialize phase: JSON joins
   * them here; protobuf's are joined by connect-es's toBinary, a copy). `done` is the call's signal.
   */
  reply(pieces: Uint8Array[], done: AbortSignal): Message;
}

/** The encoding of `shape`'s replies in JSON or protobuf, with the JSON options every Connect server here writes by. */
export function replyEncoding(shape: Shape, json: boolean): ReplyEncoding {
  const built = json ? jsonEncodings : protobufEncodings;
  let encoding = built.get(shape);
  if (!encoding) built.set(shape, (encoding = json ? jsonEncoding(shape) : protobufEncoding(shape)));
  return encoding;
}
const jsonEncodings = new WeakMap<Shape, ReplyEncoding>();
const protobufEncodings = new WeakMap<Shape, ReplyEncoding>();

function protobufEncoding(shape: Shape): ReplyEncoding {
  const { rowsDesc, rowsField } = messagesOf(shape);
  const tagBytes = new BinaryWriter().tag(rowsField.number, WireType.LengthDelimited).finish().length;
  return {
    encode: (piece) => toBinary(rowsDesc, piece),
    reply: (pieces) => {
      const reply = create(rowsDesc);
      // A piece of no rows (a reply of none) has no records, not even a tag.
      reply.$unknown = pieces
        .filter((p) => p.length > 0)
        .map((p) => ({ no: rowsField.number, wireType: WireType.LengthDelimited, data: p.subarray(tagBytes) }));
      return reply;
    },
  };
}

function jsonEncoding(shape: Shape): ReplyEncoding {
  const { rowsDesc, rowDesc, rowsField } = messagesOf(shape);
  // Written as connect-es writes the reply, by the same options.
  const options = CONNECT_SERVER_OPTIONS.jsonOptions;
  const utf8 = new TextEncoder();
  // `{"samples":[]}`: the opening and close of every reply, and what no rows give. The rows field is written even
  // when empty (alwaysEmitImplicit), so a piece's text is always opening, rows, close.
  const empty = toJsonString(rowsDesc, create(rowsDesc), options);
  if (!empty.endsWith('[]}'))
    throw new Error(`${shape.rowsMessage} with no rows is ${empty} in JSON: the pieces of its rows cannot be joined`);
  const open = utf8.encode(empty.slice(0, -2));
  const close = utf8.encode(empty.slice(-2));
  const comma = utf8.encode(',');
  // The stand-in's one row is numbered -id: real rows are numbered from 0, so its text is no real reply's.
  const rowNum = rowDesc.fields.find((f) => f.localName === 'rowNum');
  if (rowNum?.fieldKind !== 'scalar')
    throw new Error(`${shape.rowMessage} has no rowNum field to number a stand-in by`);
  let lastId = 0;
  return {
    encode: (piece) => {
      const text = utf8.encode(toJsonString(rowsDesc, piece, options));
      return text.subarray(open.length, text.length - close.length);
    },
    reply: (pieces, done) => {
      lastId = (lastId % 0x7fffffff) + 1;
      const standIn = create(rowsDesc, { [rowsField.localName]: [create(rowDesc, { rowNum: -lastId })] });
      const rows = pieces.filter((p) => p.length > 0);
      JSON_STAND_INS.register(toJsonString(rowsDesc, standIn, options), joined(open, rows, comma, close), done);
      return standIn;
    },
  };
}

function joined(open: Uint8Array, pieces: Uint8Array[], comma: Uint8Array, close: Uint8Array): Uint8Array {
  const parts = [open, ...pieces.flatMap((p, i) => (i === 0 ? [p] : [comma, p])), close];
  // Every byte is written below: no need to zero hundreds of MB first.
  const bytes = Buffer.allocUnsafe(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

function messagesOf(shape: Shape): { rowsDesc: DescMessage; rowDesc: DescMessage; rowsField: DescField } {
  const rowsDesc = PROTOBUF_ES_REGISTRY.getMessage(shape.rowsMessage);
  const rowDesc = PROTOBUF_ES_REGISTRY.getMessage(shape.rowMessage);
  const rowsField = rowsDesc?.fields.find((f) => f.name === shape.rowsField);
  if (!rowsDesc || !rowDesc || !rowsField)
    throw new Error(
      `protobuf-es has no ${shape.rowsMessage}.` +
        `${shape.rowsField} of ${shape.rowMessage}: regenerate the codecs (npm run generate)`,
    );
  return { rowsDesc, rowDesc, rowsField };
}
