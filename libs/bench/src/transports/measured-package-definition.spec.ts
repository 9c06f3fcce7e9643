import { loadSamplePackageDefinition } from '@app/grpc';
import { rows } from '@app/data-generator';
import { payloadBytesOf, withPayloadByteCounts } from './measured-package-definition';

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

  it('copies message type entries as they are', () => {
    expect(measured['sample.Sample']).toBe(original['sample.Sample']);
  });
});
