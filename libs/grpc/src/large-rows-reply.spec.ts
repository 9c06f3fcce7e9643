import { REPLY_PIECE_ROWS } from '@app/serving';
import { servedShapes } from '@app/shapes';
import { largeRowsReply } from './large-rows-reply';
import { replyPhases } from './reply-phases';
import { rowsCodec } from './samples-codec';
import { serializeInSlices } from './serialize-in-slices';

// Three pieces and a part of one: every piece boundary and the short last piece are in the bytes compared.
const COUNT = 2 * REPLY_PIECE_ROWS + 123;

describe('largeRowsReply', () => {
  describe.each(servedShapes().map((shape) => [shape.name, shape] as const))('shape %s', (_name, shape) => {
    it("is proto-loader's one-shot encode of the whole reply, byte for byte, with both phases measured", async () => {
      const reply = await largeRowsReply(shape, COUNT, null, null, () => false);
      const phases = replyPhases(reply)!;
      expect(phases.encoded!.equals(rowsCodec(shape).serialize({ [shape.rowsField]: shape.rows(COUNT) }))).toBe(true);
      expect(phases.generateMs).toBeGreaterThan(0);
      expect(phases.serializeMs).toBeGreaterThan(0);
      // Nothing for grpc-js's serializer to encode again: the rows went into the bytes.
      expect(reply![shape.rowsField]).toEqual([]);
    });

    it.each([1000, 777, 3 * REPLY_PIECE_ROWS])(
      'grpc-sliced in slices of %i rows is serializeInSlices of the whole reply',
      async (sliceRows) => {
        const reply = await largeRowsReply(shape, COUNT, sliceRows, null, () => false);
        const codec = rowsCodec(shape);
        const whole = serializeInSlices(
          (message) => codec.serialize(message),
          shape.rows(COUNT),
          sliceRows,
          shape.rowsField,
        );
        expect(replyPhases(reply)!.encoded!.equals(whole)).toBe(true);
        expect(replyPhases(reply)!.sliceRows).toBe(sliceRows);
      },
    );
  });

  it('stops at the first piece after the caller left, and builds nothing more', async () => {
    let looks = 0;
    // Gone from the third look on: two pieces are built, then the build stops, however many rows were asked.
    const reply = await largeRowsReply(servedShapes()[0], 1_000_000, null, null, () => ++looks > 2);
    expect(reply).toBeNull();
    expect(looks).toBe(3);
  });
});
