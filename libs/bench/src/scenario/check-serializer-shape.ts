import { getJsonCodec, getProtobufCodec } from '@app/codecs';
import { getShape, servedShapes, SHAPES, type ShapeName } from '@app/shapes';
import { ScenarioValidationError } from './scenario-validation.error';
import { isProtobufSerializer, VARIANTS, type VariantName } from './variants';

/** The serializer whose code a variant runs (its own, or the fixed generated code of the connect family). */
function serializerOf(variant: VariantName) {
  return VARIANTS[variant].serializer ?? VARIANTS[variant].generatedCode;
}

/**
 * Why `variant` cannot time `shape`, in the serializer's own words, or null when it can: a generated serializer
 * (grpc-static, grpc-es, grpc-tsproto, grpc-pbf, proto-http-static, grpc-stream-static) carries code for proto/'s
 * messages only, so not for a user's own message, and one may refuse fields it cannot carry exactly (pbf: 64-bit
 * integers, fields with presence). Asked of the codec itself (its forShape, built once and kept), so no list of shapes
 * is kept here.
 */
export function serializerRefusal(variant: VariantName, shape: ShapeName): string | null {
  const serializer = serializerOf(variant);
  if (serializer === undefined) return null;
  // By the serializer's registry, not the family: proto-http-static is a JSON-family path with a protobuf serializer.
  const codec = isProtobufSerializer(serializer) ? getProtobufCodec(serializer) : getJsonCodec(serializer);
  const message = getShape(shape);
  try {
    codec.forShape(message);
    return null;
  } catch (error) {
    // A generated serializer has code for proto/'s messages only: the user's own message is not among them.
    if (!Object.prototype.hasOwnProperty.call(SHAPES, shape))
      return `it has no code for ${message.rowMessage}: its code is generated from proto/ at build time`;
    return (error as Error).message;
  }
}

/**
 * Why `variant` cannot time `shape`, or null when it can: its serializer's refusal (serializerRefusal), or, for a
 * native variant, a user's own message, which the Go reference servers do not have: their code is generated from
 * proto/ when they are built.
 */
export function shapeRefusal(variant: VariantName, shape: ShapeName): string | null {
  if (VARIANTS[variant].native && !Object.prototype.hasOwnProperty.call(SHAPES, shape))
    return `the Go reference servers serve the built-in shapes only: their code is generated from proto/ at setup`;
  return serializerRefusal(variant, shape);
}

/**
 * A variant on a shape it cannot serve is refused before anything runs (400 / exit 2), naming why and the shapes it
 * can serve.
 */
export function checkVariantShape(variant: VariantName, shape: ShapeName, raw: unknown): void {
  const refusal = shapeRefusal(variant, shape);
  if (refusal === null) return;
  const can = servedShapes()
    .map((s) => s.name)
    .filter((name) => shapeRefusal(variant, name as ShapeName) === null);
  const serializer = serializerOf(variant);
  throw new ScenarioValidationError(
    'shape',
    { values: can },
    `variant ${variant}${serializer ? ` (serializer ${serializer})` : ''} cannot time shape ${shape} (${refusal}): ` +
      `it serves ${can.join(', ')}`,
    raw,
  );
}
