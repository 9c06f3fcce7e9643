export type { ProtobufCodec, ShapeProtobufCodec } from './protobuf/protobuf-codec.interface';
export type { ProtobufCodecName } from './protobuf/protobuf-codecs';
export { PROTOBUF_ES_REGISTRY, SampleService, NumericService, NestedService } from './protobuf/protobuf-es-services';
export {
  PROTOBUF_CODECS,
  DEFAULT_PROTOBUF_CODEC,
  protobufCodecNames,
  getProtobufCodec,
} from './protobuf/protobuf-codecs';

export { withResponseCodec } from './protobuf/grpc-method-codec';

export type { JsonCodec } from './json/json-codec.interface';
export type { JsonCodecName } from './json/json-codecs';
export { JSON_CODECS, DEFAULT_JSON_CODEC, jsonCodecNames, getJsonCodec } from './json/json-codecs';

export {
  SERIALIZER_METADATA,
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
