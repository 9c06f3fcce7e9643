export type { ProtobufCodec, ShapeProtobufCodec } from './protobuf/protobuf-codec.interface';
export type { ProtobufCodecName } from './protobuf/protobuf-codecs';
export {
  PROTOBUF_ES_REGISTRY,
  SampleService,
  NumericService,
  TextService,
  NestedService,
  BinaryService,
} from './protobuf/protobuf-es-services';
export {
  PROTOBUF_CODECS,
  DEFAULT_PROTOBUF_CODEC,
  protobufCodecNames,
  getProtobufCodec,
  UnknownCodecError,
} from './protobuf/protobuf-codecs';
export type { GrpcResponseCodec } from './protobuf/grpc-method-codec';
export { grpcResponseCodec, withResponseCodec } from './protobuf/grpc-method-codec';
export { withoutSetDefaults } from './protobuf/without-set-defaults';
export type { JsonCodec, ShapeJsonCodec } from './json/json-codec.interface';
export type { JsonCodecName } from './json/json-codecs';
export { JSON_CODECS, DEFAULT_JSON_CODEC, jsonCodecNames, getJsonCodec, replyJsonSchema } from './json/json-codecs';
export type { JsonSchema } from './json/json-schema';
export { jsonSchemaOfMessage } from './json/json-schema';
export {
  SERIALIZER_METADATA,
  readProtobufSerializer,
  readShapeSerializer,
  InvalidSerializerError,
  SLICES_WITH_SERIALIZER,
} from './protobuf/serializer-metadata';
export type { BadSerializerBody } from './unknown-codec.error';
export { parseJsonSerializer, jsonReplyText } from './json/parse-json-serializer';
export { parseProtobufSerializer } from './protobuf/parse-protobuf-serializer';
export { asBuffer } from './protobuf/as-buffer';
export { protobufEsService } from './protobuf/protobuf-es-service';
export type { ReplyPieces } from './reply/reply-pieces';
export { buildReplyInPieces } from './reply/reply-pieces';
export { jsonReplyPieces } from './reply/json-reply-pieces';
export { protobufReplyPieces } from './reply/protobuf-reply-pieces';
