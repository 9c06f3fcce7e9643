import fastJson from 'fast-json-stringify';
import { loadProtoRoot, type JsonRow, type Shape } from '@app/shapes';
import { perShape } from '../per-shape';
import { UnknownCodecError } from '../unknown-codec.error';
import type { JsonCodec } from './json-codec.interface';
import { jsonSchemaOfMessage } from './json-schema';

/** Today's: what Express and Nest do with a returned array. */
export const jsonStringifyCodec: JsonCodec = {
  name: 'json-stringify',
  description: "JSON.stringify, V8's built-in serializer: what Express, Nest and Fastify without a response schema use",
  forShape: perShape(() => ({ stringify: (rows) => JSON.stringify(rows) })),
};

/** The reply's schema: an array of the shape's rows, each described by its proto message. */
export function replyJsonSchema(shape: Shape) {
  return {
    type: 'array' as const,
    items: jsonSchemaOfMessage(loadProtoRoot(shape.protoFile).lookupType(shape.rowMessage)),
  };
}

/**
 * fast-json-stringify compiled from the JSON Schema of the shape's JSON form (derived from the proto), which is what
 * Fastify does with a route's response schema: code that writes each known field in order, without inspecting the
 * value's keys. Compiled once per shape (on first use: compiling takes milliseconds, not part of any reply).
 */
export const fastJsonStringifyCodec: JsonCodec = {
  name: 'fast-json-stringify',
  description:
    "fast-json-stringify compiled from the shape's JSON Schema (derived from the proto): what Fastify does " +
    'with a response schema',
  forShape: perShape((shape) => {
    const stringify = fastJson(replyJsonSchema(shape));
    return { stringify: (rows) => stringify(rows as JsonRow[]) };
  }),
};

/** Every JSON serializer, by name; JSON.stringify (today's) first. */
export const JSON_CODECS = {
  'json-stringify': jsonStringifyCodec,
  'fast-json-stringify': fastJsonStringifyCodec,
} as const satisfies Record<string, JsonCodec>;

export type JsonCodecName = keyof typeof JSON_CODECS;

export const DEFAULT_JSON_CODEC: JsonCodecName = 'json-stringify';

export function jsonCodecNames(): JsonCodecName[] {
  return Object.keys(JSON_CODECS) as JsonCodecName[];
}

/** The JSON serializer of that name, or an UnknownCodecError listing the valid names. */
export function getJsonCodec(name: unknown): JsonCodec {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(JSON_CODECS, name))
    throw new UnknownCodecError(name, jsonCodecNames(), 'JSON');
  return JSON_CODECS[name as JsonCodecName];
}
