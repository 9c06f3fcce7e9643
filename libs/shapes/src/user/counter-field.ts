import { Field, Type } from 'protobufjs';
import { protoJsonName } from '../proto3-json';
import { UserShapeError } from './user-shape-error';

const INTEGER_TYPES = [
  'int32',
  'int64',
  'uint32',
  'uint64',
  'sint32',
  'sint64',
  'fixed32',
  'fixed64',
  'sfixed32',
  'sfixed64',
];
// A row number is below 2^31, so a double holds it exactly too (a float would not).
const COUNTER_TYPES = new Set([...INTEGER_TYPES, 'double']);
const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

/**
 * The field the row number goes into, and how the row holds it (64-bit integers as decimal strings, as proto-loader's
 * rows do).
 */
export interface CounterField {
  field: Field;
  value: (rowNumber: number) => number | string;
}

const canCount = (f: Field): boolean =>
  COUNTER_TYPES.has(f.type) && !f.repeated && !f.map && !(f.partOf && !f.options?.proto3_optional);

/**
 * The top-level field named `name` (its proto or its JSON name), or else the message's first integer field in
 * declaration order: a singular number outside a oneof, so that writing the row number there changes nothing else.
 */
export function counterField(type: Type, name?: string): CounterField {
  const candidates = type.fieldsArray.filter(canCount);
  let field: Field | undefined;
  if (name !== undefined) {
    const named = type.fieldsArray.find(
      (f) => f.name === name || protoJsonName(f.name) === name || f.options?.json_name === name,
    );
    if (!named)
      throw new UserShapeError(
        `counter field ` +
          `"${name}": ${type.fullName.slice(1)} has no such field ` +
          `(fields: ${type.fieldsArray.map((f) => f.name).join(', ')})`,
        'counterField',
      );
    if (!canCount(named))
      throw new UserShapeError(
        `counter field ` +
          `"${name}": must be a singular integer or double field outside a oneof, ` +
          `not ${named.repeated ? 'repeated ' : ''}${named.map ? 'a map' : named.type} (candidates: ` +
          `${candidates.map((f) => f.name).join(', ') || 'none'})`,
        'counterField',
      );
    field = named;
  } else {
    field = candidates.find((f) => INTEGER_TYPES.includes(f.type));
    if (!field)
      throw new UserShapeError(
        `${type.fullName.slice(1)} has no integer field for the row counter: name a numeric field with ` +
          `--counter-field ` +
          `(WIREBENCH_COUNTER_FIELD)${
            candidates.length ? ` (candidates: ${candidates.map((f) => f.name).join(', ')})` : ', or add an int32 one'
          }`,
        'counterField',
      );
  }
  const long = LONG_TYPES.has(field.type);
  return { field, value: long ? (i) => String(i) : (i) => i };
}
