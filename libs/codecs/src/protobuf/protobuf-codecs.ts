import { protobufEsCodec } from './protobuf-es.codec';
import { protobufjsStaticCodec } from './protobufjs-static.codec';
import { protoLoaderCodec } from './proto-loader.codec';
import type { ProtobufCodec } from './protobuf-codec.interface';
import { tsProtoCodec } from './ts-proto.codec';
import { pbfCodecs } from './pbf.codec';
import { protonsCodec } from './protons.codec';
import { UnknownCodecError } from '../unknown-codec.error';

export { UnknownCodecError } from '../unknown-codec.error';

/**
 * Every protobuf serializer, by the name users select it with; `proto-loader` (today's path, the reference bytes)
 * first. Code that handles serializers iterates this and never switches on a name.
 */
export const PROTOBUF_CODECS = {
  'proto-loader': protoLoaderCodec,
  'protobufjs-static': protobufjsStaticCodec,
  'protobuf-es': protobufEsCodec,
  'ts-proto': tsProtoCodec,
  ...pbfCodecs,
  protons: protonsCodec,
} as const satisfies Record<string, ProtobufCodec>;

export type ProtobufCodecName = keyof typeof PROTOBUF_CODECS;

/** The serializer a scenario gets when it names none: today's. */
export const DEFAULT_PROTOBUF_CODEC: ProtobufCodecName = 'proto-loader';

export function protobufCodecNames(): ProtobufCodecName[] {
  return Object.keys(PROTOBUF_CODECS) as ProtobufCodecName[];
}

/** The protobuf serializer of that name, or an UnknownCodecError listing the valid names. */
export function getProtobufCodec(name: unknown): ProtobufCodec {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(PROTOBUF_CODECS, name))
    throw new UnknownCodecError(name, protobufCodecNames(), 'protobuf');
  return PROTOBUF_CODECS[name as ProtobufCodecName];
}
