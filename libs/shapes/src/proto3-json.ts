import { Enum, Field, Type } from 'protobufjs';
import type { JsonRow, JsonValue } from './shape.interface';
import { timestampToJson, TimestampMessage } from './timestamp-json';

type Convert = (value: unknown) => JsonValue;

interface FieldPlan {
  /** The key in the message object (the proto's field name, as proto-loader keeps it). */
  key: string;
  jsonName: string;
  /** Fields with presence (proto3 optional, oneof members, message fields) are left out of JSON when unset. */
  hasPresence: boolean;
  convert: Convert;
  /** The JSON of an unset field without presence: such fields are always written, with their default value. */
  empty: () => JsonValue;
}

/**
 * protoc's camel case of a field name: drop each underscore and upper-case the ASCII letter after it, and the first
 * one too when `upperFirst` (`postal_code` -> `postalCode` / `PostalCode`). Not protobufjs's camelCase, which
 * differs on names such as `a_1`. protoc derives both a field's json_name and a map's entry message name this way.
 */
export function protocCamelCase(fieldName: string, upperFirst = false): string {
  let name = '';
  let upperNext = upperFirst;
  for (const c of fieldName) {
    if (c === '_') upperNext = true;
    else {
      name += upperNext && c >= 'a' && c <= 'z' ? c.toUpperCase() : c;
      upperNext = false;
    }
  }
  return name;
}

/** protoc's json_name (`postal_code` -> `postalCode`). */
export const protoJsonName = (fieldName: string): string => protocCamelCase(fieldName);

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

const bytesToBase64: Convert = (v) => {
  if (typeof v === 'string') return v; // already base64, as proto-loader gives bytes with bytes: String
  const bytes = v as Uint8Array;
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
};

// The mapping writes NaN and the infinities as strings; every other number as a JSON number.
const finiteOrName: Convert = (v) => (Number.isFinite(v as number) ? (v as number) : String(v));

function valueConverter(field: Field): Convert {
  const resolved = field.resolvedType;
  if (resolved instanceof Enum) return (v) => (typeof v === 'number' ? (resolved.valuesById[v] ?? v) : (v as string));
  if (resolved instanceof Type) {
    if (resolved.fullName === '.google.protobuf.Timestamp') return (v) => timestampToJson(v as TimestampMessage);
    return (v) => proto3JsonConverter(resolved)(v as object);
  }
  if (LONG_TYPES.has(field.type)) return (v) => String(v);
  if (field.type === 'bytes') return bytesToBase64;
  if (field.type === 'double' || field.type === 'float') return finiteOrName;
  return (v) => v as JsonValue;
}

function emptyValue(field: Field): () => JsonValue {
  if (field.map) return () => ({});
  if (field.repeated) return () => [];
  const resolved = field.resolvedType;
  if (resolved instanceof Enum) return () => resolved.valuesById[0] ?? 0;
  if (LONG_TYPES.has(field.type)) return () => '0';
  if (field.type === 'bytes' || field.type === 'string') return () => '';
  if (field.type === 'bool') return () => false;
  return () => 0;
}

function planField(field: Field): FieldPlan {
  field.resolve();
  const value = valueConverter(field);
  const convert: Convert = field.map
    ? (m) => Object.fromEntries(Object.entries(m as object).map(([k, v]) => [k, value(v)]))
    : field.repeated
      ? (list) => Array.from(list as Iterable<unknown>, value)
      : value;
  return {
    key: field.name,
    jsonName: (field.options?.json_name as string | undefined) ?? protoJsonName(field.name),
    hasPresence: !field.repeated && !field.map && (field.partOf !== null || field.resolvedType instanceof Type),
    convert,
    empty: emptyValue(field),
  };
}

const converters = new WeakMap<Type, (message: object) => JsonRow>();

/**
 * The proto3 JSON form of a message object of `type` (loaded with keepCase, as proto-loader does): lowerCamelCase
 * names, 64-bit integers as strings, bytes as base64, enums as names, Timestamps as RFC 3339, maps as objects, unset
 * fields with presence left out. Fields without presence are always written, defaults included (the mapping's
 * "emit default values" option), so a receiver never has to tell "zero" from "missing". Built once per type.
 */
export function proto3JsonConverter(type: Type): (message: object) => JsonRow {
  let convert = converters.get(type);
  if (!convert) {
    let plans: FieldPlan[] | undefined;
    convert = (message) => {
      // Planned on first use so that a message type that contains itself does not plan forever.
      plans ??= type.fieldsArray.map(planField);
      const m = message as Record<string, unknown>;
      const out: JsonRow = {};
      for (const plan of plans) {
        const value = m[plan.key];
        if (value !== undefined && value !== null) out[plan.jsonName] = plan.convert(value);
        else if (!plan.hasPresence) out[plan.jsonName] = plan.empty();
      }
      return out;
    };
    converters.set(type, convert);
  }
  return convert;
}
