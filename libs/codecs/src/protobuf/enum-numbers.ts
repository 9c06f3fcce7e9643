import { Enum, Type } from 'protobufjs';

type Convert = (message: Record<string, unknown>) => Record<string, unknown>;

function hasEnums(type: Type, seen = new Set<Type>()): boolean {
  if (seen.has(type)) return false;
  seen.add(type);
  return type.fieldsArray.some((field) => {
    const resolved = field.resolve().resolvedType;
    return resolved instanceof Enum || (resolved instanceof Type && hasEnums(resolved, seen));
  });
}

function valueOf(resolved: Enum | Type | null): ((v: unknown) => unknown) | null {
  if (resolved instanceof Enum) return (v) => (typeof v === 'string' ? resolved.values[v] : v);
  if (resolved instanceof Type && hasEnums(resolved)) {
    const nested = enumsAsNumbers(resolved);
    return (v) => nested(v as Record<string, unknown>);
  }
  return null;
}

/**
 * A converter from proto-loader's object form (enums as names) to what protobufjs's generated `encode` reads (enums
 * as numbers; it writes `int32(value)` without looking names up: that is fromObject's job, which the static codec
 * skips). Rows of a type without enums anywhere pass through as they are, no copy. Other fields are kept as they are:
 * `encode` takes 64-bit integers as strings, bytes as Buffers and maps as objects just as fromObject leaves them.
 */
export function enumsAsNumbers(type: Type): Convert {
  if (!hasEnums(type)) return (message) => message;
  const plans = type.fieldsArray.map((field) => ({
    key: field.name,
    field,
    value: valueOf(field.resolve().resolvedType),
  }));
  return (message) => {
    const out: Record<string, unknown> = { ...message };
    for (const { key, field, value } of plans) {
      const v = message[key];
      if (!value || v === undefined || v === null) continue;
      if (field.map) out[key] = Object.fromEntries(Object.entries(v as object).map(([k, item]) => [k, value(item)]));
      else if (field.repeated) out[key] = (v as unknown[]).map(value);
      else out[key] = value(v);
    }
    return out;
  };
}
