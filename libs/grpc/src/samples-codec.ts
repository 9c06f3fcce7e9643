import type { MethodDefinition } from '@grpc/proto-loader';
import { getShape, type Shape } from '@app/shapes';
import type { Samples } from './interfaces/sample-service.interface';
import { loadSamplePackageDefinition } from './grpc-options.factory';

/** A shape's rows message (`{ [rowsField]: rows }`) to bytes and back. */
export interface RowsCodec {
  serialize(message: object): Buffer;
  deserialize(bytes: Buffer): Record<string, object[]>;
}

// By the shape itself, not its name: `user` may name another message in a test's process.
const codecs = new Map<Shape, RowsCodec>();

/**
 * The shape's rows message as bytes, by the very functions grpc-js calls for its unary method (proto-loader's
 * response (de)serializer with LOADER_OPTIONS), so protobuf over HTTP and gRPC carry the same bytes. Loaded on first
 * use, once per process: the JSON server and client only pay for it if they speak protobuf.
 */
export function rowsCodec(shape: Shape): RowsCodec {
  let codec = codecs.get(shape);
  if (!codec) {
    const service = loadSamplePackageDefinition()[shape.grpcService] as unknown as Record<
      string,
      MethodDefinition<object, Record<string, object[]>>
    >;
    const method = service[shape.unaryMethod];
    codec = {
      serialize: (message) => method.responseSerialize(message as Record<string, object[]>),
      deserialize: (bytes) => method.responseDeserialize(bytes),
    };
    codecs.set(shape, codec);
  }
  return codec;
}

/** The article row's `Samples` message as bytes: rowsCodec of `row`. */
export function serializeSamples(samples: Samples): Buffer {
  return rowsCodec(getShape('row')).serialize(samples);
}

/** The bytes back to `{ samples }`, by the deserializer a gRPC client uses (defaults: true, so row 0 keeps rowNum). */
export function deserializeSamples(bytes: Buffer): Samples {
  return rowsCodec(getShape('row')).deserialize(bytes) as unknown as Samples;
}

/** The media type of a protobuf body over HTTP (the one most servers and clients use for it). */
export const PROTOBUF_MEDIA_TYPE = 'application/x-protobuf';
