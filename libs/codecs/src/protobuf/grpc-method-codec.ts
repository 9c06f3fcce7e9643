import type { Shape } from '@app/shapes';
import { asBuffer } from './as-buffer';
import type { ProtobufCodec } from './protobuf-codec.interface';

/** What a grpc-js method definition takes for its reply: the serializer pair of one (shape, codec). */
export interface GrpcResponseCodec<Prepared = unknown, Decoded = unknown> {
  responseSerialize(reply: Prepared): Buffer;
  responseDeserialize(bytes: Buffer): Decoded;
}

/**
 * The reply (de)serializers of a shape's methods for one codec, to put into a grpc-js service definition (server and
 * client alike) in place of proto-loader's, so the transport stays the same and only the serializer changes. The
 * server's handler passes `codec.forShape(shape).prepare(rows)` (generate side); the client gets the codec's decoded
 * form and calls `toJsonRows` after its clock.
 */
export function grpcResponseCodec(shape: Shape, codec: ProtobufCodec): GrpcResponseCodec {
  const bound = codec.forShape(shape);
  return {
    responseSerialize: (reply) => asBuffer(bound.encode(reply)),
    responseDeserialize: (bytes) => bound.decode(bytes),
  };
}

/**
 * A copy of a shape's grpc-js service definition (as proto-loader loads it) whose unary and stream methods carry
 * their replies with `codec`: the server and the client built from it speak the same protobuf over the same
 * transport, only another serializer encodes and decodes it. Requests keep proto-loader's (de)serializers.
 */
export function withResponseCodec<S extends Record<string, object>>(service: S, shape: Shape, codec: ProtobufCodec): S {
  const response = grpcResponseCodec(shape, codec);
  const copy: Record<string, object> = { ...service };
  for (const method of [shape.unaryMethod, shape.streamMethod]) {
    if (!copy[method]) throw new Error(`the service definition has no ${method} for ${shape.grpcService}`);
    copy[method] = { ...copy[method], ...response };
  }
  return copy as S;
}
