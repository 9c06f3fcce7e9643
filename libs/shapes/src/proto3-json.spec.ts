// The JSON form checked against protobufjs, which implements the proto3 JSON mapping's value rules (int64 as
// strings, bytes as base64, enums as names, lowerCamelCase names when not keeping case) but not Timestamp's RFC
// 3339 form: that part is written below from the mapping's text, independently of timestamp-json.ts.
import { IConversionOptions, Message, Root, Type, wrappers } from 'protobufjs';
import { findProtoFile } from './shapes-proto';
import { protoJsonName } from './proto3-json';
import { getShape, shapeNames } from './registry';
import { toJsonRow } from './shape-json';
import type { JsonRow } from './shape.interface';

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?Z$/;

// Printing: protobufjs asks a wrapper for a Timestamp's JSON (protobufjs binds both halves, so fromObject is here too).
wrappers['.google.protobuf.Timestamp'] = {
  fromObject(this: Type, object: { [k: string]: unknown }): Message<object> {
    return this.fromObject(object);
  },
  toObject(this: Type, message: Message<object>, options?: IConversionOptions): { [k: string]: unknown } {
    if (!options?.json) return this.toObject(message, options);
    const { seconds, nanos } = message as unknown as { seconds: unknown; nanos: number };
    let fraction = String(nanos).padStart(9, '0');
    while (fraction.endsWith('000')) fraction = fraction.slice(0, -3);
    const whole = new Date(Number(String(seconds)) * 1000).toISOString().replace(/\.\d{3}Z$/, '');
    return `${whole}${fraction ? `.${fraction}` : ''}Z` as unknown as { [k: string]: unknown };
  },
};

// Parsing: protobufjs's fromObject insists a message field is an object before any wrapper sees it, so a
// Timestamp's RFC 3339 string is read here (the shapes have Timestamps only at the top level).
function parseTimestamps(type: Type, json: JsonRow): JsonRow {
  const out = { ...json };
  for (const field of type.fieldsArray) {
    const value = out[field.name];
    if (field.resolve().resolvedType?.fullName !== '.google.protobuf.Timestamp' || typeof value !== 'string') continue;
    const m = RFC3339.exec(value);
    if (!m) throw new Error(`${field.name}: not an RFC 3339 UTC timestamp: ${value}`);
    out[field.name] = { seconds: Date.parse(`${m[1]}Z`) / 1000, nanos: Number((m[2] ?? '').padEnd(9, '0')) };
  }
  return out;
}

// Loaded here without keepCase: protobufjs then names fields in lowerCamelCase, as the JSON mapping does.
const camelRoots = new Map<string, Root>();
function camelType(protoFile: string, message: string): Type {
  if (!camelRoots.has(protoFile)) camelRoots.set(protoFile, new Root().loadSync(findProtoFile(protoFile)));
  return camelRoots.get(protoFile)!.lookupType(message);
}

// protobufjs's `defaults` writes null for an unset message field; the mapping leaves it out.
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

describe('protoJsonName', () => {
  it.each([
    ['row_num', 'rowNum'],
    ['rowNum', 'rowNum'],
    ['current_a', 'currentA'],
    ['a_1', 'a1'],
    ['x__y', 'xY'],
  ])('%s -> %s', (name, json) => expect(protoJsonName(name)).toBe(json));
});

describe.each(shapeNames())('the JSON form of %s', (name) => {
  const shape = getShape(name);
  const type = camelType(shape.protoFile, shape.rowMessage);
  const rows = shape.rows(300, 2 ** 31 - 300);
  const json = rows.map((r) => JSON.parse(JSON.stringify(toJsonRow(shape, r))) as JsonRow);

  it('parses by the mapping and prints back unchanged (protobufjs, json: true)', () => {
    for (const row of json) {
      const wire = type.encode(type.fromObject(parseTimestamps(type, row))).finish();
      const back = type.toObject(type.decode(wire), {
        longs: String,
        enums: String,
        bytes: String,
        json: true,
        defaults: true,
      });
      expect(withoutNulls(back)).toEqual(row);
    }
  });

  it('is the same message as the generated row: parsed JSON and the row give the same bytes', () => {
    const keepCase = new Root()
      .loadSync(findProtoFile(shape.protoFile), { keepCase: true })
      .lookupType(shape.rowMessage);
    rows.forEach((row, k) => {
      const fromRow = keepCase.encode(keepCase.fromObject(row as { [k: string]: unknown })).finish();
      expect(Buffer.from(type.encode(type.fromObject(parseTimestamps(type, json[k]))).finish())).toEqual(
        Buffer.from(fromRow),
      );
    });
  });
});
