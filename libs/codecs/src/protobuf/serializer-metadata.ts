import type { Metadata } from '@grpc/grpc-js';
import { SLICE_ROWS_METADATA } from '@app/grpc';
import type { ProtobufCodec } from './protobuf-codec.interface';
import { getProtobufCodec } from './protobuf-codecs';

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
export const SLICES_WITH_SERIALIZER = `${SLICE_ROWS_METADATA} and ${SERIALIZER_METADATA} cannot be combined: slices are encoded by proto-loader`;

/** The streams' messages are encoded by proto-loader; a stream that asks for another serializer is refused with this. */
export const STREAM_SERIALIZER = `${SERIALIZER_METADATA} applies to the unary method only: the stream's messages are encoded by proto-loader`;
