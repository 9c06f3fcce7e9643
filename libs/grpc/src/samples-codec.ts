import type { MethodDefinition } from '@grpc/proto-loader';
import type { Samples } from './interfaces/sample-service.interface';
import { loadSamplePackageDefinition, SAMPLE_PACKAGE, SAMPLE_SERVICE } from './grpc-options.factory';

let getSamples: MethodDefinition<unknown, Samples> | undefined;

// Loaded on first use, once per process: the JSON server and client only pay for it if they speak protobuf.
function method(): MethodDefinition<unknown, Samples> {
  getSamples ??= loadSamplePackageDefinition()[`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`]['GetSamples' as never] as MethodDefinition<unknown, Samples>;
  return getSamples;
}

/**
 * The `Samples` message as bytes, by the very function grpc-js calls on the gRPC server (proto-loader's response
 * serializer with LOADER_OPTIONS), so protobuf over HTTP and gRPC carry the same bytes.
 */
export function serializeSamples(samples: Samples): Buffer {
  return method().responseSerialize(samples);
}

/** The bytes back to `{ samples }`, by the deserializer a gRPC client uses (defaults: true, so row 0 keeps rowNum). */
export function deserializeSamples(bytes: Buffer): Samples {
  return method().responseDeserialize(bytes);
}

/** The media type of a protobuf body over HTTP (the one most servers and clients use for it). */
export const PROTOBUF_MEDIA_TYPE = 'application/x-protobuf';
