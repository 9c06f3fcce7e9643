import { rows } from '@app/data-generator';
import { loadSamplePackageDefinition } from './grpc-options.factory';
import { replyPhases } from './reply-phases';
import { getShape } from '@app/shapes';
import { rowsReply, samplesReply } from './samples-reply';
import { serializeInSlices } from './serialize-in-slices';
import { withServerPhases } from './with-server-phases';

const method = (pkg: object) => (pkg as Record<string, any>)['sample.SampleService'].GetSamples;
const plain = method(loadSamplePackageDefinition());
const encode = (value: object): Buffer => plain.responseSerialize(value);

describe('serializeInSlices', () => {
  const all = rows(10_000);

  describe.each([1, 7, 1000, 4096])('slices of %i rows', (k) => {
    it.each([0, 1, k - 1, k, k + 1, 10_000].filter((n, i, a) => n >= 0 && a.indexOf(n) === i))(
      '%i rows: the one-shot message, byte for byte',
      (count) => {
        const samples = all.slice(0, count);
        const sliced = serializeInSlices(encode, samples, k);
        expect(sliced.equals(encode({ samples }))).toBe(true);
        expect(plain.responseDeserialize(sliced).samples).toEqual(samples);
      },
    );
  });

  it('is not fooled by a test that compares an encoding with itself: slicing does call the encoder per slice', () => {
    const calls: number[] = [];
    serializeInSlices((v) => (calls.push(v.samples.length), encode(v)), all.slice(0, 25), 10);
    expect(calls).toEqual([10, 10, 5]);
  });
});

describe('withServerPhases', () => {
  const timed = method(withServerPhases(loadSamplePackageDefinition()));

  it('times the encode of a handler-built reply and encodes it in slices when asked, to the same bytes', () => {
    for (const sliceRows of [null, 3]) {
      const reply = samplesReply(1000, sliceRows);
      const bytes: Buffer = timed.responseSerialize(reply);
      expect(bytes.equals(encode({ samples: rows(1000) }))).toBe(true);
      const phases = replyPhases(reply)!;
      expect(phases.sliceRows).toBe(sliceRows ?? undefined);
      for (const ms of [phases.generateMs, phases.serializeMs]) expect(ms).toBeGreaterThanOrEqual(0);
      expect(phases.serializedAt).toBeGreaterThan(0);
    }
  });

  it(
    'encodes a reply prepared for another serializer with it, timed as the serialize phase, its prepared ' +
      'form let go',
    () => {
      const calls: string[] = [];
      // A serializer of its own form (the rows reversed, then proto-loader's bytes of them): what matters is that
      // prepare runs in the handler (generate) and encode in the method's serializer, once.
      const serializer = {
        prepare: (samples: readonly object[]) => (calls.push('prepare'), [...samples].reverse()),
        encode: (prepared: object[]) => (calls.push('encode'), new Uint8Array(encode({ samples: prepared }))),
        pieceEncoder: () => {
          throw new Error('a reply this small is encoded whole: only large replies use a piece encoder');
        },
      };
      const reply = rowsReply(getShape('row'), 50, null, serializer);
      expect(calls).toEqual(['prepare']);
      expect(reply.samples).toEqual([]);
      const bytes: Buffer = timed.responseSerialize(reply);
      expect(calls).toEqual(['prepare', 'encode']);
      expect(Buffer.isBuffer(bytes)).toBe(true);
      expect(bytes.equals(encode({ samples: rows(50).reverse() }))).toBe(true);
      const phases = replyPhases(reply)!;
      expect(phases.encodeWith).toBeUndefined();
      for (const ms of [phases.generateMs, phases.serializeMs]) expect(ms).toBeGreaterThanOrEqual(0);
    },
  );

  it('keeps the phases off the wire and leaves other values and the original definition alone', () => {
    const reply = samplesReply(2, null);
    expect(Object.keys(reply)).toEqual(['samples']);
    expect(timed.responseSerialize({ samples: [] }).length).toBe(0);
    expect(replyPhases({ samples: [] })).toBeUndefined();
    expect(plain.responseSerialize).not.toBe(timed.responseSerialize);
    expect(timed.path).toBe('/sample.SampleService/GetSamples');
  });
});

describe('withServerPhases on a stream', () => {
  const timed = (withServerPhases(loadSamplePackageDefinition()) as Record<string, any>)['sample.SampleService']
    .StreamSamples;

  it(
    'adds every message encode to the stream totals the messages point at, and encodes each as the plain ' +
      'encoder does',
    () => {
      const totals = { generateMs: 0, serializeMs: 0, sendMs: 0 };
      let sum = 0;
      for (const offset of [0, 2000]) {
        const message = { samples: rows(2000, offset) };
        replyPhases(message, true)!.stream = totals;
        expect(timed.responseSerialize(message).equals(encode(message))).toBe(true);
        sum += replyPhases(message)!.serializeMs!;
      }
      expect(totals.serializeMs).toBeGreaterThan(0);
      expect(totals.serializeMs).toBeCloseTo(sum, 9);
    },
  );
});
