import { Type } from 'protobufjs';

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
// Its seconds are an int64, but the type's own range (years 1 to 9999) fits a double exactly.
const TIMESTAMP = '.google.protobuf.Timestamp';

/** Why pbf's generated code cannot carry a field exactly, or null when it can. */
function unsupported(type: Type, field: Type['fieldsArray'][number]): string | null {
  if (field.partOf) return 'no field presence (proto3 optional, oneof): pbf writes a set default as unset';
  if (LONG_TYPES.has(field.type) && type.fullName !== TIMESTAMP)
    return '64-bit integers: pbf reads them as JavaScript numbers, exact only to 2^53';
  return null;
}

/**
 * The one line saying which fields of `type` (and the messages it holds) pbf's generated code cannot carry exactly,
 * grouped by reason, or null when it can carry them all.
 */
export function pbfUnsupportedFields(type: Type): string | null {
  const byReason = new Map<string, string[]>();
  const seen = new Set<Type>();
  const visit = (t: Type) => {
    if (seen.has(t)) return;
    seen.add(t);
    for (const field of t.fieldsArray) {
      const reason = unsupported(t, field);
      if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), `${t.name}.${field.name}`]);
      const resolved = field.resolve().resolvedType;
      if (resolved instanceof Type) visit(resolved);
    }
  };
  visit(type);
  if (byReason.size === 0) return null;
  return [...byReason].map(([reason, fields]) => `${fields.join(', ')} (${reason})`).join('; ');
}
