import type { Shape } from '@app/shapes';
import type { BadSerializerBody } from '../unknown-codec.error';
import type { ShapeProtobufCodec } from './protobuf-codec.interface';
import { getProtobufCodec, protobufCodecNames, UnknownCodecError } from './protobuf-codecs';

/**
 * The protobuf serializer a JSON server's `?serializer=` names for a protobuf body (Accept: application/x-protobuf,
 * the proto-http variants), bound to the shape asked for; null when none is named, so a request without it gets the
 * bytes it always got (proto-loader, rowsCodec). A name that is not a protobuf serializer (a JSON one included), or
 * one without code for the shape (a user's message), is the body of a 400 naming the ones that would do.
 */
export function parseProtobufSerializer(
  value: string | undefined,
  shape: Shape,
): { codec: ShapeProtobufCodec | null } | { error: BadSerializerBody } {
  if (value === undefined) return { codec: null };
  try {
    return { codec: getProtobufCodec(value).forShape(shape) };
  } catch (error) {
    if (error instanceof UnknownCodecError)
      return { error: badSerializer(protobufCodecNames(), `${error.message} (the request asked for a protobuf body)`) };
    const serving = protobufCodecNames().filter((name) => servesShape(name, shape));
    return {
      error: badSerializer(
        serving,
        `serializer ${value} cannot encode ` +
          `shape ${shape.name} (${shape.rowsMessage}): ${(error as Error).message}; valid ones ` +
          `are ${serving.join(', ') || 'none: leave serializer out for this shape'}`,
      ),
    };
  }
}

function servesShape(name: string, shape: Shape): boolean {
  try {
    getProtobufCodec(name).forShape(shape);
    return true;
  } catch {
    return false;
  }
}

function badSerializer(serializers: string[], message: string): { error: BadSerializerBody }['error'] {
  return { statusCode: 400, error: 'Bad Request', parameter: 'serializer', limit: { serializers }, message };
}
