import type { Message } from '@bufbuild/protobuf';
import { createMethodSerializationLookup } from '@connectrpc/connect/protocol';
import { getProtobufCodec } from '@app/codecs';
import { getShape, shapeNames, type Shape } from '@app/shapes';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';
import { JSON_STAND_INS } from './json-stand-ins';
import { replyEncoding } from './reply-encodings';
import { rowsServices } from './rows-services';

const codec = getProtobufCodec('protobuf-es');
const NO_LIMIT = { readMaxBytes: 0xffffffff, writeMaxBytes: 0xffffffff };
const FORMATS = [
  ['protobuf', true],
  ['JSON', false],
] as const;

/**
 * connect-es's serialization of the shape's unary reply, as its handlers make it: with the servers' options, or with
 * what they were before a reply could be encoded ahead (no textEncoder), which is what connect-es sent for a whole
 * message.
 */
function serialization(shape: Shape, binary: boolean, jsonOptions = CONNECT_SERVER_OPTIONS.jsonOptions) {
  const method = rowsServices()
    .flatMap((s) => s.methods)
    .find((m) => m.parent.typeName === shape.grpcService && m.name === shape.unaryMethod)!;
  return createMethodSerializationLookup(method, undefined, jsonOptions, NO_LIMIT).getO(binary);
}
const connectEsAlone = (shape: Shape, binary: boolean) =>
  serialization(shape, binary, { alwaysEmitImplicit: true, ignoreUnknownFields: false });

/** Rows 0 .. count - 1 in pieces of `pieceRows`, each encoded on its own, and the reply connect-es is handed. */
function inPieces(
  shape: Shape,
  binary: boolean,
  count: number,
  pieceRows: number,
  done = new AbortController().signal,
): Message {
  const encoding = replyEncoding(shape, !binary);
  const pieces: Uint8Array[] = [];
  for (let first = 0; first < count; first += pieceRows)
    pieces.push(
      encoding.encode(codec.forShape(shape).prepare(shape.rows(Math.min(pieceRows, count - first), first)) as Message),
    );
  return encoding.reply(pieces, done);
}
const atOnce = (shape: Shape, count: number) => codec.forShape(shape).prepare(shape.rows(count)) as Message;
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe.each(shapeNames().map((name) => [name, getShape(name)] as const))(
  'a %s reply encoded in pieces and handed to connect-es',
  (_name, shape) => {
    it.each(FORMATS)(
      '%s: 7 rows in pieces of 3 are byte for byte what connect-es writes for the whole message',
      (_format, binary) => {
        const expected = connectEsAlone(shape, binary).serialize(atOnce(shape, 7));
        const sent = serialization(shape, binary).serialize(inPieces(shape, binary, 7, 3));
        expect(hex(sent)).toBe(hex(expected));
        expect(JSON_STAND_INS.waiting).toBe(0);
      },
    );

    it.each(FORMATS)('%s: one row, and no rows, too', (_format, binary) => {
      for (const count of [1, 0]) {
        const expected = connectEsAlone(shape, binary).serialize(atOnce(shape, count));
        expect(hex(serialization(shape, binary).serialize(inPieces(shape, binary, count, 3)))).toBe(hex(expected));
      }
    });
  },
);

describe('the JSON stand-ins', () => {
  const row = getShape('row');

  it('leave every other text as connect-es would encode it: a whole reply, an error', () => {
    const whole = connectEsAlone(row, false).serialize(atOnce(row, 3));
    expect(hex(serialization(row, false).serialize(atOnce(row, 3)))).toBe(hex(whole));
    expect(Buffer.from(JSON_STAND_INS.textEncoder.encode('{"code":"canceled"}')).toString()).toBe(
      '{"code":"canceled"}',
    );
  });

  it('are taken once: a second serialize of the same stand-in sends the stand-in itself', () => {
    const standIn = inPieces(row, false, 4, 2);
    const ser = serialization(row, false);
    expect(JSON.parse(Buffer.from(ser.serialize(standIn)).toString()).samples).toHaveLength(4);
    expect(JSON.parse(Buffer.from(ser.serialize(standIn)).toString()).samples).toHaveLength(1);
  });

  it('drop a body its call never took once the call is over (its signal aborts)', () => {
    const call = new AbortController();
    inPieces(row, false, 4, 2, call.signal);
    expect(JSON_STAND_INS.waiting).toBe(1);
    call.abort();
    expect(JSON_STAND_INS.waiting).toBe(0);
  });

  it('two replies waiting at once each get their own body', () => {
    const three = inPieces(row, false, 3, 2);
    const five = inPieces(row, false, 5, 2);
    const ser = serialization(row, false);
    expect(JSON.parse(Buffer.from(ser.serialize(five)).toString()).samples).toHaveLength(5);
    expect(JSON.parse(Buffer.from(ser.serialize(three)).toString()).samples).toHaveLength(3);
  });
});
