import { protobufEsCodec } from './protobuf-es.codec';
import { protobufjsStaticCodec } from './protobufjs-static.codec';
import { protoLoaderCodec } from './proto-loader.codec';
import type { ProtobufCodec } from './protobuf-codec.interface';
import { tsProtoCodec } from './ts-proto.codec';

/**
 * Every protobuf serializer, by the name users select it with; `proto-loader` (today's path, the reference bytes)
 * first. Code that handles serializers iterates this and never switches on a name.
 */
export const PROTOBUF_CODECS = {
  'proto-loader': protoLoaderCodec,
  'protobufjs-static': protobufjsStaticCodec,
  'protobuf-es': protobufEsCodec,
  'ts-proto': tsProtoCodec,
} as const satisfies Record<string, ProtobufCodec>;

export type ProtobufCodecName = keyof typeof PROTOBUF_CODECS;

/** The serializer a scenario gets when it names none: today's. */
export const DEFAULT_PROTOBUF_CODEC: ProtobufCodecName = 'proto-loader';

export function protobufCodecNames(): ProtobufCodecName[] {
  return Object.keys(PROTOBUF_CODECS) as ProtobufCodecName[];
}

/** A name that is not a serializer of that family; the message lists the valid ones (400 / INVALID_ARGUMENT / exit 2). */
export class UnknownCodecError extends Error {
  constructor(
    readonly codec: unknown,
    readonly validNames: readonly string[],
    family: string,
  ) {
    super(`unknown ${family} serializer ${JSON.stringify(codec)}: valid ones are ${validNames.join(', ')}`);
    this.name = 'UnknownCodecError';
  }
}

/** The protobuf serializer of that name, or an UnknownCodecError listing the valid names. */
export function getProtobufCodec(name: unknown): ProtobufCodec {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(PROTOBUF_CODECS, name)) throw new UnknownCodecError(name, protobufCodecNames(), 'protobuf');
  return PROTOBUF_CODECS[name as ProtobufCodecName];
}
