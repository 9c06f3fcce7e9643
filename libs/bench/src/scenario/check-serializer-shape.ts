import { getJsonCodec, getProtobufCodec } from '@app/codecs';
import { getShape, servedShapes, type ShapeName } from '@app/shapes';
import { ScenarioValidationError } from './scenario-validation.error';
import { isProtobufSerializer, VARIANTS, type VariantName } from './variants';

/**
 * A serializer variant on a shape its serializer has no code for is refused before anything runs (400 / exit 2),
 * naming the shapes it can: the generated serializers (grpc-static, grpc-es, grpc-tsproto, proto-http-static,
 * grpc-stream-static) carry code for proto/'s
 * messages only, so not for a user's own message. Asked of the codec itself (its forShape, built once and kept), so no
 * list of shapes is kept here.
 */
export function checkSerializerShape(variant: VariantName, shape: ShapeName, raw: unknown): void {
  // A fixed generated code (the connect family's protobuf-es) limits the shapes as a per-request serializer does.
  const serializer = VARIANTS[variant].serializer ?? VARIANTS[variant].generatedCode;
  if (serializer === undefined) return;
  // By the serializer's registry, not the family: proto-http-static is a JSON-family path with a protobuf serializer.
  const codec = isProtobufSerializer(serializer) ? getProtobufCodec(serializer) : getJsonCodec(serializer);
  const serves = (name: string) => {
    try {
      codec.forShape(getShape(name));
      return true;
    } catch {
      return false;
    }
  };
  if (serves(shape)) return;
  const can = servedShapes()
    .map((s) => s.name)
    .filter(serves);
  throw new ScenarioValidationError(
    'shape',
    { values: can },
    `variant ${variant} (serializer ${serializer}) has no code for shape ${shape}: it serves ${can.join(', ')}`,
    raw,
  );
}
