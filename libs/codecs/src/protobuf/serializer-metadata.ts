import type { Metadata } from '@grpc/grpc-js';
import { SLICE_ROWS_METADATA } from '@app/grpc';
import type { Shape } from '@app/shapes';
import type { ProtobufCodec, ShapeProtobufCodec } from './protobuf-codec.interface';
import { getProtobufCodec, UnknownCodecError } from './protobuf-codecs';

/**
 * Request metadata by which a gRPC client names the serializer (a PROTOBUF_CODECS name) that the server encodes its
 * reply with and the client decodes it with (the grpc-static, grpc-es, grpc-tsproto variants): per call, so one server
 * serves every serializer.
 */
export const SERIALIZER_METADATA = 'wirebench-serializer';

/**
 * The serializer a request named, or null when it named none (proto-loader, the `grpc` path). A name that is not one
 * (or several values) throws UnknownCodecError listing the valid ones, which the handlers answer as INVALID_ARGUMENT.
 */
export function readProtobufSerializer(metadata: Metadata): ProtobufCodec | null {
  const values = metadata.get(SERIALIZER_METADATA);
  if (values.length === 0) return null;
  return getProtobufCodec(values.map(String).join(','));
}

/** Slices are cut for proto-loader's encoder (grpc-sliced); another serializer encodes the whole reply. */
export const SLICES_WITH_SERIALIZER =
  `${SLICE_ROWS_METADATA} and ` + `${SERIALIZER_METADATA} cannot be combined: slices are encoded by proto-loader`;

/**
 * A wirebench-serializer a server will not use for this call; the handlers answer INVALID_ARGUMENT with its message.
 */
export class InvalidSerializerError extends Error {}

/**
 * The serializer a request named, bound to the shape it asked for, or null when it named none. An unknown name, or
 * a serializer without code for the shape (the generated ones have code for proto/'s messages only, not a user's
 * message), throws InvalidSerializerError saying which.
 */
export function readShapeSerializer(metadata: Metadata, shape: Shape): ShapeProtobufCodec | null {
  let codec: ProtobufCodec | null;
  try {
    codec = readProtobufSerializer(metadata);
  } catch (error) {
    if (error instanceof UnknownCodecError) throw new InvalidSerializerError(error.message);
    throw error;
  }
  if (codec === null) return null;
  try {
    return codec.forShape(shape);
  } catch (error) {
    throw new InvalidSerializerError(
      `${SERIALIZER_METADATA} ${codec.name} cannot encode shape ` +
        `${shape.name} (${shape.rowsMessage}): ${(error as Error).message}`,
    );
  }
}
