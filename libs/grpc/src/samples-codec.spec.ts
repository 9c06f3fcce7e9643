import { rows } from '@app/data-generator';
import { canonicalFromProtobuf, servedShapes } from '@app/shapes';
import { loadSamplePackageDefinition } from './grpc-options.factory';
import { deserializeSamples, rowsCodec, serializeSamples } from './samples-codec';

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

describe.each(servedShapes().map((shape) => [shape.name, shape] as const))('rowsCodec of %s', (_name, shape) => {
  it("is the gRPC unary method's own serializer, and decodes back to the same rows", () => {
    const method = (loadSamplePackageDefinition()[shape.grpcService] as any)[shape.unaryMethod];
    const message = { [shape.rowsField]: shape.rows(20, 5) };
    const bytes = rowsCodec(shape).serialize(message);
    expect(bytes.equals(method.responseSerialize(message))).toBe(true);
    const back = rowsCodec(shape).deserialize(bytes)[shape.rowsField];
    expect(back.map((row) => canonicalFromProtobuf(shape, row))).toEqual(
      shape.rows(20, 5).map((row) => shape.toJson(row)),
    );
  });
});
