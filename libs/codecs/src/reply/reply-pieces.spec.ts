import { join } from 'node:path';
import { rowsCodec } from '@app/grpc';
import { findProtoFile, getShape, jsonRowsOf, shapeNames, userShape, useUserShape, type Shape } from '@app/shapes';
import { jsonCodecNames, getJsonCodec } from '../json/json-codecs';
import { jsonReplyText } from '../json/parse-json-serializer';
import { asBuffer } from '../protobuf/as-buffer';
import { getProtobufCodec, protobufCodecNames } from '../protobuf/protobuf-codecs';
import { jsonReplyPieces } from './json-reply-pieces';
import { protobufReplyPieces } from './protobuf-reply-pieces';
import { buildReplyInPieces } from './reply-pieces';

// Small pieces, so a few rows make several of them: none, one short, one exact, and a short last one after two.
const PIECE_ROWS = 3;
const COUNTS = [0, 1, 3, 7];
const stayed = () => false;

async function piecewise<B>(count: number, pieces: Parameters<typeof buildReplyInPieces<unknown, B>>[2]): Promise<B> {
  const built = await buildReplyInPieces(count, stayed, pieces, PIECE_ROWS);
  return built!.body;
}

function protobufOneShot(shape: Shape, codecName: string | null, count: number): Buffer {
  const rows = shape.rows(count);
  if (codecName === null) return rowsCodec(shape).serialize({ [shape.rowsField]: rows });
  const codec = getProtobufCodec(codecName).forShape(shape);
  return asBuffer(codec.encode(codec.prepare(rows)));
}

// The protobuf serializers that have code for the shape (none has for the user's message: it is served by rowsCodec).
function protobufCodecsOf(shape: Shape): string[] {
  return protobufCodecNames().filter((name) => {
    try {
      getProtobufCodec(name).forShape(shape);
      return true;
    } catch {
      return false;
    }
  });
}

// Every built-in shape, and a user's message (examples/order.proto) as `user`.
useUserShape(
  userShape({
    protoFile: findProtoFile(join('examples', 'order.proto')),
    message: 'shop.v1.Order',
    sampleFile: findProtoFile(join('examples', 'order.sample.json')),
  }),
);
afterAll(() => useUserShape(null));

describe.each(shapeNames())('a reply of shape %s built in pieces', (shapeName) => {
  const shape = getShape(shapeName);

  it.each(jsonCodecNames())('JSON by %s: the one-shot body (jsonReplyText) byte for byte', async (codecName) => {
    const codec = getJsonCodec(codecName);
    for (const count of COUNTS) {
      expect(await piecewise(count, jsonReplyPieces(codec, shape))).toBe(
        jsonReplyText(codec, shape, jsonRowsOf(shape, count)),
      );
    }
  });

  const protobufs: [string, string | null][] = [
    ['rowsCodec (as gRPC)', null],
    ...protobufCodecsOf(shape).map((name): [string, string] => [name, name]),
  ];
  it.each(protobufs)('protobuf by %s: the one-shot bytes', async (_label, codecName) => {
    const codec = codecName === null ? undefined : getProtobufCodec(codecName).forShape(shape);
    for (const count of COUNTS) {
      const body = await piecewise(count, protobufReplyPieces(shape, codec));
      expect(body.toString('hex')).toBe(protobufOneShot(shape, codecName, count).toString('hex'));
    }
  });
});

describe('buildReplyInPieces', () => {
  const row = getShape('row');

  it('times generate and serialize apart, putting the pieces together within serialize', async () => {
    const built = await buildReplyInPieces(7, stayed, jsonReplyPieces(getJsonCodec('json-stringify'), row), PIECE_ROWS);
    expect(Object.keys(built!)).toEqual(['body', 'generateMs', 'serializeMs']);
    expect(built!.generateMs).toBeGreaterThan(0);
    expect(built!.serializeMs).toBeGreaterThan(0);
  });

  it('builds nothing more, and no body, once the caller left', async () => {
    const pieces = protobufReplyPieces(row);
    const body = jest.spyOn(pieces, 'body');
    let gone = false;
    const built = buildReplyInPieces(1_000_000, () => gone, pieces, PIECE_ROWS);
    setImmediate(() => (gone = true));
    expect(await built).toBeNull();
    expect(body).not.toHaveBeenCalled();
  });
});
