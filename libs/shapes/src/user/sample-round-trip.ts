import {
  DescField,
  DescMessage,
  fromBinary,
  fromJson,
  JsonValue as EsJsonValue,
  Message,
  Registry,
  ScalarType,
  toBinary,
  toJson,
} from '@bufbuild/protobuf';
import type { JsonValue } from '../shape.interface';
import { joinPath, scanJsonText } from './scan-json-text';
import { UserShapeError } from './user-shape-error';

type JsonObject = { [key: string]: JsonValue };

/**
 * The sample, parsed by the proto3 JSON mapping (protobuf-es, a conformant implementation) after checking that it
 * survives the mapping unchanged: encoded, decoded and printed back (every field, defaults included, as the JSON
 * servers write rows),
 * every value the sample gives must come back as it was written. Anything else throws ONE line naming the field
 * path and why (an unknown field, a wrong type, an int64 past 2^53 given as a number, a value that would be
 * dropped, an enum by number, a float32 that changes...), never a silent change of the user's data.
 */
export function parseSampleByMapping(text: string, schema: DescMessage, registry: Registry): Message {
  let sample: JsonValue;
  try {
    sample = JSON.parse(text) as JsonValue;
  } catch (error) {
    throw new UserShapeError(`sample is not JSON: ${(error as Error).message}`, 'sample');
  }
  if (!isObject(sample))
    throw new UserShapeError(
      `sample must be a JSON object (one ${schema.typeName}), not ${JSON.stringify(sample).slice(0, 40)}`,
      'sample',
    );
  const losses = scanJsonText(text);
  if (losses.duplicateKeys.length > 0)
    throw fieldError(losses.duplicateKeys[0], 'is given twice; JSON keeps only the last');
  for (const [path, literal] of losses.impreciseIntegers) {
    throw fieldError(
      path,
      `${literal} does not survive a JSON number (becomes ` +
        `${Number(literal)}); write 64-bit integers as strings, "${literal}"`,
    );
  }
  checkValues(schema, sample, '', registry);
  let message: Message;
  try {
    message = fromJson(schema, sample as EsJsonValue, { registry });
  } catch (error) {
    throw new UserShapeError(`sample does not parse as ${schema.typeName}: ${(error as Error).message}`, 'sample');
  }
  // Through the wire form, as the rows travel: a float32 is rounded only when encoded.
  const decoded = fromBinary(schema, toBinary(schema, message));
  compare(schema, sample, toJson(schema, decoded, { alwaysEmitImplicit: true, registry }) as JsonObject, '');
  return decoded;
}

const fieldError = (path: string, why: string) => new UserShapeError(`sample field "${path}": ${why}`, 'sample');
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
// Well-known types have JSON forms of their own (a Timestamp is a string): the mapping parses them whole.
const hasOwnForm = (m: DescMessage): boolean => m.typeName.startsWith('google.protobuf.');
const fieldOf = (schema: DescMessage, key: string): DescField | undefined =>
  schema.fields.find((f) => f.jsonName === key || f.name === key);

function typeOf(field: DescField): string {
  const kind =
    field.fieldKind === 'list' ? field.listKind : field.fieldKind === 'map' ? field.mapKind : field.fieldKind;
  if (kind === 'enum') return `enum ${field.enum!.typeName}`;
  if (kind === 'message') return field.message!.typeName;
  return ScalarType[field.scalar!].toLowerCase();
}

/** Unknown fields and values the mapping refuses, each named by its path (the parser itself names only the type). */
function checkValues(schema: DescMessage, sample: JsonObject, path: string, registry: Registry): void {
  for (const [key, value] of Object.entries(sample)) {
    const at = joinPath(path, key);
    const field = fieldOf(schema, key);
    if (!field)
      throw fieldError(
        at,
        `${schema.typeName} has no such field (fields: ${schema.fields.map((f) => f.jsonName).join(', ')})`,
      );
    if (value === null) continue;
    // The value alone in its message (in a list or map of one when it is an element): the parser's verdict on it.
    const parsesAlone = (v: JsonValue, where: string, wrap: (v: JsonValue) => JsonValue = (x) => x) => {
      try {
        fromJson(schema, { [key]: wrap(v) } as EsJsonValue, { registry });
      } catch {
        throw fieldError(where, `${JSON.stringify(v)} is not a valid ${typeOf(field)}`);
      }
    };
    const nested = field.message && !hasOwnForm(field.message) ? field.message : undefined;
    if (field.fieldKind === 'list' && Array.isArray(value)) {
      value.forEach((element, i) =>
        nested && isObject(element)
          ? checkValues(nested, element, `${at}[${i}]`, registry)
          : parsesAlone(element, `${at}[${i}]`, (x) => [x]),
      );
    } else if (field.fieldKind === 'map' && isObject(value)) {
      for (const [k, v] of Object.entries(value))
        nested && isObject(v)
          ? checkValues(nested, v, joinPath(at, k), registry)
          : parsesAlone(v, joinPath(at, k), (x) => ({ [k]: x }));
    } else if (field.fieldKind === 'message' && nested && isObject(value)) {
      checkValues(nested, value, at, registry);
    } else {
      parsesAlone(value, at);
    }
  }
}

/** The first value the sample gives that does not come back as written, by path. */
function compare(schema: DescMessage, sample: JsonObject, printed: JsonObject, path: string): void {
  for (const [key, value] of Object.entries(sample)) {
    const at = joinPath(path, key);
    const field = fieldOf(schema, key)!;
    if (key !== field.jsonName) throw fieldError(at, `is printed as "${field.jsonName}", its JSON name; write it so`);
    if (!(key in printed))
      throw fieldError(at, `${JSON.stringify(value)} is dropped by the mapping (leave the field out, or give a value)`);
    const nested = field.message && !hasOwnForm(field.message) ? field.message : undefined;
    const back = printed[key];
    if (field.fieldKind === 'list' && Array.isArray(value) && Array.isArray(back)) {
      value.forEach((element, i) =>
        nested && isObject(element)
          ? compare(nested, element, back[i] as JsonObject, `${at}[${i}]`)
          : same(field, element, back[i], `${at}[${i}]`),
      );
    } else if (field.fieldKind === 'map' && isObject(value) && isObject(back)) {
      for (const [k, v] of Object.entries(value)) {
        if (!(k in back))
          throw fieldError(
            joinPath(at, k),
            `the key ${JSON.stringify(k)} is printed as ` +
              `${JSON.stringify(Object.keys(back).find((b) => !(b in value)))}`,
          );
        nested && isObject(v)
          ? compare(nested, v, back[k] as JsonObject, joinPath(at, k))
          : same(field, v, back[k], joinPath(at, k));
      }
    } else if (nested && isObject(value) && isObject(back)) {
      compare(nested, value, back, at);
    } else {
      same(field, value, back, at);
    }
  }
}

function same(field: DescField, written: JsonValue, back: JsonValue, at: string): void {
  if (JSON.stringify(written) === JSON.stringify(back)) return;
  const becomes = `${JSON.stringify(written)} becomes ${JSON.stringify(back)}`;
  const type = typeOf(field);
  if (type === 'float' && typeof written === 'number')
    throw fieldError(at, `${written} does not survive float32 (becomes ${JSON.stringify(back)})`);
  if (type.startsWith('enum ') && typeof written === 'number')
    throw fieldError(at, `${becomes}: enums are written by name in JSON`);
  if (/64$/.test(type) && typeof written === 'number')
    throw fieldError(at, `${becomes}: 64-bit integers are strings in JSON`);
  throw fieldError(at, `${becomes} in the round trip through ${type}`);
}
