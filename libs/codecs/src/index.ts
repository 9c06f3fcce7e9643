export type { ProtobufCodec, ShapeProtobufCodec } from './protobuf/protobuf-codec.interface';
export type { ProtobufCodecName } from './protobuf/protobuf-codecs';
export { PROTOBUF_CODECS, DEFAULT_PROTOBUF_CODEC, protobufCodecNames, getProtobufCodec, UnknownCodecError } from './protobuf/protobuf-codecs';
export type { GrpcResponseCodec } from './protobuf/grpc-method-codec';
export { grpcResponseCodec } from './protobuf/grpc-method-codec';
export { withoutSetDefaults } from './protobuf/without-set-defaults';
