import { Enum, Type, type Field } from 'protobufjs';
import { protoJsonName } from '@app/shapes';

/** The subset of JSON Schema that fast-json-stringify compiles and that a proto3 JSON form needs. */
export interface JsonSchema {
  type: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | false;
  items?: JsonSchema;
}

const INTEGER_TYPES = new Set(['int32', 'uint32', 'sint32', 'fixed32', 'sfixed32']);
// The proto3 JSON mapping writes these as strings: 64-bit integers (exact beyond 2^53) and bytes (base64).
const STRING_TYPES = new Set(['string', 'bytes', 'int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

function valueSchema(field: Field): JsonSchema {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof Enum) return { type: 'string' }; // the value's name
  if (resolved instanceof Type)
    return resolved.fullName === '.google.protobuf.Timestamp' ? { type: 'string' } : jsonSchemaOfMessage(resolved);
  if (INTEGER_TYPES.has(field.type)) return { type: 'integer' };
  if (STRING_TYPES.has(field.type)) return { type: 'string' };
  if (field.type === 'bool') return { type: 'boolean' };
  // double and float. The mapping writes NaN and the infinities as strings, which a `number` schema cannot: the
  // built-in shapes have only finite numbers; a shape that may hold others needs JSON.stringify.
  return { type: 'number' };
}

/**
 * The JSON Schema of a message's proto3 JSON form, as @app/shapes' toJsonRow writes it, read from the proto by
 * protobufjs reflection (never written by hand per shape): lowerCamelCase names in field order, Timestamps, enums,
 * 64-bit integers and bytes as strings, maps as objects of their values, repeated fields as arrays. What Fastify
 * compiles a response schema from.
 */
export function jsonSchemaOfMessage(type: Type): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const field of type.fieldsArray) {
    const name = (field.options?.json_name as string | undefined) ?? protoJsonName(field.name);
    const value = valueSchema(field);
    properties[name] = field.map
      ? { type: 'object', additionalProperties: value }
      : field.repeated
        ? { type: 'array', items: value }
        : value;
  }
  // No `required`, although toJsonRow always writes the fields without presence: fast-json-stringify writes required
  // properties first, so an optional one set between them (a nested message such as numeric's takenAt) would move
  // and the text would no longer be JSON.stringify's byte for byte. An unset property is left out, as toJsonRow does.
  return { type: 'object', properties, additionalProperties: false };
}
