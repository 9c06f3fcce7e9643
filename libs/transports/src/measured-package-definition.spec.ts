import { performance } from 'node:perf_hooks';
import { loadSamplePackageDefinition } from '@app/grpc';
import { rows } from '@app/data-generator';
import { decodeTimingOf, payloadBytesOf, withPayloadByteCounts } from './measured-package-definition';

describe('withPayloadByteCounts', () => {
  const original = loadSamplePackageDefinition() as Record<string, any>;
  const measured = withPayloadByteCounts(original) as Record<string, any>;

  it('records the exact size of the message each response was decoded from', () => {
    const method = measured['sample.SampleService'].GetSamples;
    for (const count of [0, 1, 1000]) {
      const bytes: Buffer = method.responseSerialize({ samples: rows(count) });
      const decoded = method.responseDeserialize(bytes);
      expect(payloadBytesOf(decoded)).toBe(bytes.length);
      expect(decoded.samples).toEqual(rows(count));
    }
  });

  it('keeps the size out of the decoded fields and leaves the original definition alone', () => {
    const method = measured['sample.SampleService'].GetSamples;
    const decoded = method.responseDeserialize(method.responseSerialize({ samples: rows(1) }));
    expect(Object.keys(decoded)).toEqual(['samples']);
    const plain = original['sample.SampleService'].GetSamples;
    expect(payloadBytesOf(plain.responseDeserialize(plain.responseSerialize({ samples: [] })))).toBeUndefined();
  });

  it('records when each decode started and how long it took, on that reply only', () => {
    const method = measured['sample.SampleService'].GetSamples;
    const bytes: Buffer = method.responseSerialize({ samples: rows(2000) });
    const before = performance.now();
    const [a, b] = [method.responseDeserialize(bytes), method.responseDeserialize(bytes)];
    const after = performance.now();
    const [ta, tb] = [decodeTimingOf(a)!, decodeTimingOf(b)!];
    expect(ta.startedAt).toBeGreaterThanOrEqual(before);
    expect(tb.startedAt).toBeGreaterThanOrEqual(ta.startedAt + ta.ms);
    expect(tb.startedAt + tb.ms).toBeLessThanOrEqual(after);
    expect(ta.ms).toBeGreaterThan(0);
    expect(decodeTimingOf({ samples: [] })).toBeUndefined();
  });

  it('copies message type entries as they are', () => {
    expect(measured['sample.Sample']).toBe(original['sample.Sample']);
  });
});
