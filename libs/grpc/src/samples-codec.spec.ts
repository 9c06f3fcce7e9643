import { rows } from '@app/data-generator';
import { loadSamplePackageDefinition } from './grpc-options.factory';
import { deserializeSamples, serializeSamples } from './samples-codec';

describe('samples codec', () => {
  it("is gRPC's own GetSamples response (de)serializer: same bytes, and row 0 keeps rowNum", () => {
    const samples = { samples: rows(3) };
    const grpc = (loadSamplePackageDefinition()['sample.SampleService'] as any).GetSamples;
    const bytes = serializeSamples(samples);
    expect(bytes.equals(grpc.responseSerialize(samples))).toBe(true);
    expect(deserializeSamples(bytes)).toEqual(samples);
    expect(deserializeSamples(Buffer.alloc(0))).toEqual({ samples: [] });
  });
});
