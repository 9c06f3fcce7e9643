import { largeRowsReply, replyPhases } from '@app/grpc';
import { REPLY_PIECE_ROWS } from '@app/bootstrap';
import { servedShapes } from '@app/shapes';
import { PROTOBUF_CODECS } from './protobuf-codecs';

const COUNT = 2 * REPLY_PIECE_ROWS + 123;

// A large unary reply encoded by a named serializer (grpc-static, grpc-es, grpc-tsproto) is built in pieces on the
// gRPC servers: its bytes must be the serializer's own encode of the whole reply.
describe.each(Object.values(PROTOBUF_CODECS).map((codec) => [codec.name, codec] as const))('serializer %s, a large reply built in pieces', (_name, codec) => {
  it.each(servedShapes().map((shape) => [shape.name, shape] as const))('shape %s: the bytes of its encode of the whole reply', async (_shape, shape) => {
    const serializer = codec.forShape(shape);
    const reply = await largeRowsReply(shape, COUNT, null, serializer, () => false);
    const whole = Buffer.from(serializer.encode(serializer.prepare(shape.rows(COUNT))));
    expect(replyPhases(reply)!.encoded!.equals(whole)).toBe(true);
  });
});

it('the serializers that append to one writer say so, and only protobuf-es encodes a large reply at once', () => {
  const shape = servedShapes()[0];
  const atOnce = Object.values(PROTOBUF_CODECS)
    .filter((codec) => codec.forShape(shape).pieceEncoder === undefined)
    .map((codec) => codec.name);
  expect(atOnce).toEqual(['protobuf-es']);
});
