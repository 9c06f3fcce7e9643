import { largeRowsReply, replyPhases } from '@app/grpc';
import { REPLY_PIECE_ROWS } from '@app/serving';
import { servedShapes } from '@app/shapes';
import { PROTOBUF_CODECS } from './protobuf-codecs';
import { servesBuiltIn } from './fixtures/refused-shapes';

// No rows; one row; one whole piece; a whole piece and one row; two pieces and a short one: every kind of piece
// boundary, and the empty reply, whose bytes are the empty message.
const COUNTS = [0, 1, REPLY_PIECE_ROWS, REPLY_PIECE_ROWS + 1, 2 * REPLY_PIECE_ROWS + 123];

// Each case encodes 2 × REPLY_PIECE_ROWS + 123 rows of a shape five times over, twice (in pieces, then whole): a few
// seconds on two busy cores, where CI builds the image beside the unit tests; Jest's 5 s default cut it off there.
jest.setTimeout(60_000);

// A large unary reply encoded by a named serializer (grpc-static, grpc-es, grpc-tsproto) is built in pieces on the
// gRPC servers: its bytes must be the serializer's own encode of the whole reply (for protobuf-es, one toBinary).
describe.each(Object.values(PROTOBUF_CODECS).map((codec) => [codec.name, codec] as const))(
  'serializer %s, a large reply built in pieces',
  (_name, codec) => {
    it.each(
      servedShapes().flatMap((shape) => (servesBuiltIn(codec.name, shape.name) ? [[shape.name, shape] as const] : [])),
    )('shape %s: the bytes of its encode of the whole reply', async (_shape, shape) => {
      const serializer = codec.forShape(shape);
      for (const count of COUNTS) {
        const reply = await largeRowsReply(shape, count, null, serializer, () => false);
        const whole = Buffer.from(serializer.encode(serializer.prepare(shape.rows(count))));
        expect({ count, hex: replyPhases(reply)!.encoded!.toString('hex') }).toEqual({
          count,
          hex: whole.toString('hex'),
        });
      }
    });
  },
);

it('protobuf-es encodes a large reply a piece at a time: one toBinary per piece, none of the whole reply', async () => {
  const shape = servedShapes()[0];
  const serializer = PROTOBUF_CODECS['protobuf-es'].forShape(shape);
  const encode = jest.spyOn(serializer, 'encode');
  const pieceEncoder = jest.spyOn(serializer, 'pieceEncoder');
  let looks = 0;
  // Gone at the third look: two pieces were encoded, and the build stopped there.
  expect(await largeRowsReply(shape, 1_000_000, null, serializer, () => ++looks > 2)).toBeNull();
  expect(pieceEncoder).toHaveBeenCalledTimes(1);
  expect(encode).not.toHaveBeenCalled();
  encode.mockRestore();
  pieceEncoder.mockRestore();
});
