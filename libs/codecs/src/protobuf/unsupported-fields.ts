import { Type, type Field } from 'protobufjs';

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
// Its seconds are an int64, but the type's own range (years 1 to 9999) fits a double exactly.
const TIMESTAMP = '.google.protobuf.Timestamp';

/** Why a generated serializer cannot carry one field exactly, or null when it can. */
type FieldReason = (type: Type, field: Field) => string | null;

/** pbf's generated code: no presence, and 64-bit integers as JavaScript numbers. */
export const pbfFieldReason: FieldReason = (type, field) => {
  if (field.partOf) return 'no field presence (proto3 optional, oneof): pbf writes a set default as unset';
  if (LONG_TYPES.has(field.type) && type.fullName !== TIMESTAMP)
    return '64-bit integers: pbf reads them as JavaScript numbers, exact only to 2^53';
  return null;
};

/**
 * protons-runtime (7.1.2 and 8.0.1 alike) keeps a 64-bit value's low word signed (`lo | 0` in LongBits), and its varint
 * writer loops only while that word is above 127: a value from 2^31 to 2^32 - 1 is written as one zero byte followed by
 * whatever the buffer held. Timestamps' seconds pass 2^31 in 2038, so they are refused too.
 */
export const protonsFieldReason: FieldReason = (_type, field) =>
  LONG_TYPES.has(field.type)
    ? '64-bit integers: protons-runtime writes values from 2^31 to 2^32 - 1 wrongly (its LongBits keeps the low word ' +
      'signed)'
    : null;

/**
 * The one line saying which fields of `type` (and the messages it holds) a generated serializer cannot carry exactly,
 * grouped by reason, or null when it can carry them all.
 */
export function unsupportedFields(type: Type, reasonOf: FieldReason): string | null {
  const byReason = new Map<string, string[]>();
  const seen = new Set<Type>();
  const visit = (t: Type) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const field of t.fieldsArray) {
      const reason = reasonOf(t, field);
      if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), `${t.name}.${field.name}`]);
      const resolved = field.resolve().resolvedType;
      if (resolved instanceof Type) visit(resolved);
    }
  };
  visit(type);
  if (byReason.size === 0) return null;
  return [...byReason].map(([reason, fields]) => `${fields.join(', ')} (${reason})`).join('; ');
}
