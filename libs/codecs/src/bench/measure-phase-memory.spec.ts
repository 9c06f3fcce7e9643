import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { getShape } from '@app/shapes';
import { measurePhaseMemory } from './measure-phase-memory';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
// Enough rows that the heap's own noise cannot hide them: a row of `row` holds ~440 B of heap (44 MB at 100,000), the
// bars below are 100 B a row, and a forced collection in jest's worker was seen to move a reading by 19 MB (CI, with
// 50,000 rows).
const ROWS = 100_000;

describe('measurePhaseMemory', () => {
  it("follows a protobuf reply's life: the bytes outside the heap from encode to release, the rows in the heap until let go", () => {
    const m = measurePhaseMemory(getShape('row'), 'protobufjs-static', ROWS, gc);
    expect(m).toMatchObject({ shape: 'row', family: 'protobuf', codec: 'protobufjs-static', rows: ROWS, gcForced: true });
    expect(m.phases.map((p) => p.phase)).toEqual(['before', 'rows generated', 'reply encoded', 'rows released', 'reply decoded', 'reply released']);
    const [, generated, encoded, released, decoded, replyReleased] = m.phases;
    expect(m.encodedBytes).toBeGreaterThan(ROWS * 100);
    expect(generated.heapUsedIncrementBytes).toBeGreaterThan(ROWS * 100); // the rows live in V8's heap
    // The bytes do not: they are in ArrayBuffers at that reading. Counted absolutely, not over the reading before: the
    // collection forced before each reading may free buffers this test process (jest's worker) held for earlier files.
    expect(encoded.arrayBuffersBytes).toBeGreaterThanOrEqual(m.encodedBytes);
    expect(released.heapUsedIncrementBytes).toBeLessThan(-ROWS * 100);
    expect(decoded.heapUsedIncrementBytes).toBeGreaterThan(ROWS * 100);
    expect(replyReleased.arrayBuffersBytes - decoded.arrayBuffersBytes).toBeLessThanOrEqual(-m.encodedBytes);
  });

  it("holds a JSON reply as a string in V8's heap", () => {
    const m = measurePhaseMemory(getShape('row'), 'json-stringify', ROWS, gc);
    const [, generated, encoded] = m.phases;
    expect(encoded.heapUsedBytes - generated.heapUsedBytes).toBeGreaterThanOrEqual(m.encodedBytes * 0.9);
    expect(encoded.arrayBuffersBytes - generated.arrayBuffersBytes).toBeLessThan(m.encodedBytes / 10);
  });

  it('names the valid serializers for an unknown one', () => {
    expect(() => measurePhaseMemory(getShape('row'), 'nope', 10)).toThrow(/unknown serializer nope: valid ones are json-stringify, .*ts-proto/);
  });
});
