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
