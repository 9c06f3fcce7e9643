import { Enum, Type, type Field } from 'protobufjs';
import { loadProtoRoot, type MessageRow, type Shape } from '@app/shapes';

const ZERO_LONG = new Set(['0', '-0']);

/** Whether `value` is the default of a field without presence: what proto3 encoders leave off the wire. */
function isImplicitDefault(field: Field, value: unknown): boolean {
  if (field.repeated || field.map || field.partOf || field.resolvedType instanceof Type) return false;
  if (field.resolvedType instanceof Enum) return value === 0 || value === field.resolvedType.valuesById[0];
  if (typeof value === 'string') return value === '' || (field.type !== 'string' && ZERO_LONG.has(value));
  if (value instanceof Uint8Array) return value.length === 0;
  return value === 0 || value === false;
}

function stripper(type: Type): (message: Record<string, unknown>) => Record<string, unknown> {
  return (message) => {
    const out: Record<string, unknown> = {};
    for (const field of type.fieldsArray) {
      const value = message[field.name];
      if (value === undefined || value === null || isImplicitDefault(field.resolve(), value)) continue;
      const nested = field.resolvedType instanceof Type ? stripper(field.resolvedType) : null;
      if (!nested) out[field.name] = value;
      else if (field.map)
        out[field.name] = Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, nested(v)]));
      else if (field.repeated) out[field.name] = (value as Record<string, unknown>[]).map(nested);
      else out[field.name] = nested(value as Record<string, unknown>);
    }
    return out;
  };
}

/**
 * The rows (proto-loader form) without the fields that have no presence and hold their default value (0, "", false, the
 * enum's first value, nested Timestamps' zero nanos included). protobufjs writes such a field when it is set; proto3's
 * other encoders never do. proto-loader's bytes of these rows are therefore what protobuf-es and ts-proto write for the
 * original rows: how the tests hold every codec to proto-loader's bytes, byte for byte. (Slow: tests only.)
 */
export function withoutSetDefaults(shape: Shape, rows: readonly MessageRow[]): MessageRow[] {
  const strip = stripper(loadProtoRoot(shape.protoFile).lookupType(shape.rowMessage));
  return rows.map((row) => strip(row as Record<string, unknown>));
}
