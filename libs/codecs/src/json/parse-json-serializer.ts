import type { JsonRow, Shape } from '@app/shapes';
import type { JsonCodec } from './json-codec.interface';
import { DEFAULT_JSON_CODEC, getJsonCodec, jsonCodecNames } from './json-codecs';
import { UnknownCodecError, type BadSerializerBody } from '../unknown-codec.error';

export type { BadSerializerBody } from '../unknown-codec.error';

/**
 * The JSON serializer a JSON server's `?serializer=` names (absent: JSON.stringify, so a request without it gets the
 * body it always got), or the body of a 400 naming the valid ones. Every JSON server asks here.
 */
export function parseJsonSerializer(value: string | undefined): { codec: JsonCodec } | { error: BadSerializerBody } {
  try {
    return { codec: getJsonCodec(value ?? DEFAULT_JSON_CODEC) };
  } catch (error) {
    if (!(error instanceof UnknownCodecError)) throw error;
    return {
      error: {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'serializer',
        limit: { serializers: jsonCodecNames() },
        message: error.message,
      },
    };
  }
}

/**
 * A reply body `{"<rowsField>":[...]}` with the rows written by `codec`: the text JSON.stringify gives for the whole
 * message, the codec's writing only the rows (its schema is the rows array's) and the two short ends around them.
 */
export function jsonReplyText(codec: JsonCodec, shape: Shape, rows: readonly JsonRow[]): string {
  return `{${JSON.stringify(shape.rowsField)}:${codec.forShape(shape).stringify(rows)}}`;
}
