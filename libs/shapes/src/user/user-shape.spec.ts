import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromJSON } from '@grpc/proto-loader';
import { FileDescriptorProto } from 'protobufjs/ext/descriptor';
import { canonicalFromProtobuf, newShapeChecksum, shapeChecksum, toJsonRow } from '../shape-json';
import type { JsonRow, Shape } from '../shape.interface';
import { EXAMPLE_MESSAGE, EXAMPLE_PROTO, EXAMPLE_SAMPLE, exampleSample, filesIn } from './user-shape.fixtures';
import { userShape } from './user-shape';
import { UserShapeError } from './user-shape-error';

// libs/grpc's LOADER_OPTIONS (that lib depends on this one, so the spec spells them as shape-json.spec.ts does).
const LOADER_OPTIONS = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function example(counterField?: string): Shape {
  return userShape({ protoFile: EXAMPLE_PROTO, message: EXAMPLE_MESSAGE, sampleFile: EXAMPLE_SAMPLE, counterField });
}

/** The user shape from examples/order.proto with this sample (written to a file of its own). */
function withSample(sample: unknown, message = EXAMPLE_MESSAGE, counterField?: string): Shape {
  const dir = filesIn({ 'sample.json': JSON.stringify(sample) });
  return userShape({ protoFile: EXAMPLE_PROTO, message, sampleFile: join(dir, 'sample.json'), counterField });
}

describe('userShape: the example order', () => {
  const shape = example();
  const rows = shape.rows(500, 10);
  const json = rows.map((r) => toJsonRow(shape, r));

  it('is the shape `user`, named after the message, served by a wrapper and service of its own', () => {
    expect(shape).toMatchObject({
      name: 'user',
      rowMessage: 'shop.v1.Order',
      rowsMessage: 'wirebench.user.Rows',
      rowsField: 'rows',
      grpcService: 'wirebench.user.UserService',
      unaryMethod: 'GetRows',
      streamMethod: 'StreamRows',
      protoFile: EXAMPLE_PROTO,
    });
    expect(shape.description).toMatch(/shop\.v1\.Order .*order_number/);
  });

  it('repeats the sample, rows differing only in the counter (the first integer field, a string for an int64)', () => {
    expect(json.map((r) => r.orderNumber)).toEqual(Array.from({ length: 500 }, (_, k) => String(10 + k)));
    for (const r of json) expect({ ...r, orderNumber: '1' }).toEqual(exampleSample());
    expect(shape.rows(1, 7)[0]).toEqual(shape.row(7));
  });

  it('holds rows as proto-loader decodes them: proto field names, longs and enums as strings, bytes as Buffers', () => {
    const r = rows[0] as Record<string, any>;
    expect(r).toMatchObject({
      order_number: '10',
      customer_id: '18446744073709551615',
      status: 'ORDER_STATUS_PAID',
      placed_at: { seconds: '1795512600', nanos: 0 },
      coupon_code: 'SAVE10',
      gift_wrap: false,
    });
    expect(r.shipping_address.postal_code).toBe('10115');
    expect(Buffer.isBuffer(r.signature)).toBe(true);
  });

  it('gives one checksum for its JSON replies and its protobuf replies (encoded and decoded by proto-loader)', () => {
    const jsonReply = (JSON.parse(JSON.stringify({ rows: json })) as { rows: JsonRow[] }).rows;
    const wrapper = shape.packageDefinition!(LOADER_OPTIONS)['wirebench.user.Rows'] as unknown as {
      serialize: (v: object) => Buffer;
      deserialize: (b: Buffer) => { rows: object[] };
    };
    const decoded = wrapper.deserialize(wrapper.serialize({ rows })).rows;
    expect(decoded.map((d) => canonicalFromProtobuf(shape, d))).toEqual(jsonReply);
    const viaJson = shapeChecksum(shape, jsonReply);
    expect(viaJson.count).toBe(500);
    const streamed = newShapeChecksum(shape);
    for (let i = 0; i < decoded.length; i += 128)
      streamed.add(decoded.slice(i, i + 128).map((d) => canonicalFromProtobuf(shape, d)));
    expect(streamed.digest()).toEqual(viaJson);
    expect(
      shapeChecksum(
        shape,
        shape.rows(500, 11).map((r) => toJsonRow(shape, r)),
      ).checksum,
    ).not.toBe(viaJson.checksum);
  });

  it('bounds every row of its JSON and protobuf bytes by the row at the last row number (for memory admission)', () => {
    const rowsType = shape.protoRoot!.lookupType(shape.rowsMessage);
    for (const last of [0, 9, 10_000, 2 ** 31 - 1]) {
      const bound = shape.maxRowBytes(last);
      for (const i of [0, Math.floor(last / 2), Math.max(0, last - 1), last]) {
        const r = shape.row(i);
        expect(Buffer.byteLength(JSON.stringify(toJsonRow(shape, r))) + 1).toBeLessThanOrEqual(bound.json);
        expect(rowsType.encode(rowsType.fromObject({ rows: [r] })).finish().length).toBeLessThanOrEqual(bound.protobuf);
      }
    }
    expect(shape.maxRowBytes(2 ** 31 - 1).json).toBeGreaterThan(shape.maxRowBytes(0).json);
  });

  it('records where it came from, with the SHA-256 of the proto and of the sample', () => {
    expect(shape.source).toEqual({
      protoFile: EXAMPLE_PROTO,
      message: 'shop.v1.Order',
      sampleFile: EXAMPLE_SAMPLE,
      counterField: 'order_number',
      protoSha256: sha256(EXAMPLE_PROTO),
      sampleSha256: sha256(EXAMPLE_SAMPLE),
    });
    expect(shape.source!.protoSha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a package definition that serves the service and that reflection can describe', () => {
    const pkg = shape.packageDefinition!(LOADER_OPTIONS);
    const service = pkg['wirebench.user.UserService'] as unknown as Record<
      string,
      { path: string; responseStream: boolean; requestType: { fileDescriptorProtos: Buffer[] } }
    >;
    expect([service.GetRows.path, service.GetRows.responseStream]).toEqual([
      '/wirebench.user.UserService/GetRows',
      false,
    ]);
    expect([service.StreamRows.path, service.StreamRows.responseStream]).toEqual([
      '/wirebench.user.UserService/StreamRows',
      true,
    ]);
    const files = service.GetRows.requestType.fileDescriptorProtos.map(
      (b) =>
        FileDescriptorProto.decode(b) as unknown as {
          package: string;
          messageType: { name: string }[];
          service: { name: string; method: { name: string }[] }[];
        },
    );
    const own = files.find((f) => f.package === 'wirebench.user')!;
    expect(own.messageType.map((m) => m.name)).toEqual(['Rows', 'GetRowsParam', 'StreamRowsParam']);
    expect(own.service[0].method.map((m) => m.name)).toEqual(['GetRows', 'StreamRows']);
    expect(files.find((f) => f.package === 'shop.v1')!.messageType.map((m) => m.name)).toContain('Order');
    // The same request fields as proto/shapes.proto's, so one request check serves every shape.
    expect(Object.keys(shape.protoRoot!.lookupType('wirebench.user.StreamRowsParam').fields)).toEqual([
      'count',
      'offset',
      'chunk_rows',
    ]);
    expect(() => fromJSON(shape.protoRoot!.toJSON(), LOADER_OPTIONS)).not.toThrow();
  });
});

describe('userShape: the counter field', () => {
  it('takes the field the user names, by its proto or its JSON name', () => {
    for (const name of ['customer_id', 'customerId']) {
      const shape = example(name);
      expect(shape.source!.counterField).toBe('customer_id');
      expect(shape.rows(2, 41).map((r) => toJsonRow(shape, r).customerId)).toEqual(['41', '42']);
      expect(toJsonRow(shape, shape.row(0)).orderNumber).toBe('1');
    }
  });

  it('writes a number into a 32-bit field', () => {
    const dir = filesIn({
      'm.proto': 'syntax = "proto3"; package t; message M { string name = 1; sint32 n = 2; double d = 3; }',
      's.json': '{"name": "x", "n": -5, "d": 2.5}',
    });
    const byDefault = userShape({ protoFile: join(dir, 'm.proto'), message: 't.M', sampleFile: join(dir, 's.json') });
    expect(byDefault.rows(2, 3).map((r) => toJsonRow(byDefault, r))).toEqual([
      { name: 'x', n: 3, d: 2.5 },
      { name: 'x', n: 4, d: 2.5 },
    ]);
    const inDouble = userShape({
      protoFile: join(dir, 'm.proto'),
      message: 't.M',
      sampleFile: join(dir, 's.json'),
      counterField: 'd',
    });
    expect(toJsonRow(inDouble, inDouble.row(9))).toEqual({ name: 'x', n: -5, d: 9 });
  });

  it('refuses a name that is no field, or no number, naming the candidates', () => {
    expect(() => example('nope')).toThrow(
      'counter field "nope": shop.v1.Order has no such field (fields: order_number, order_id, customer_id, ' +
        'status, placed_at, shipping_address, items, total, attributes, coupon_code, gift_wrap, signature)',
    );
    expect(() => example('order_id')).toThrow(
      'counter field "order_id": must be a singular integer or double field outside a oneof, not string ' +
        '(candidates: order_number, customer_id)',
    );
    expect(() => example('items')).toThrow(/not repeated \.?shop\.v1\.LineItem|not repeated LineItem/);
  });

  it('needs an integer field when none is named', () => {
    const address = exampleSample().shippingAddress;
    expect(() => withSample(address, 'shop.v1.Address')).toThrow(UserShapeError);
    expect(() => withSample(address, 'shop.v1.Address')).toThrow(
      'shop.v1.Address has no integer field for the row counter: name a numeric field with --counter-field ' +
        '(WIREBENCH_COUNTER_FIELD), or add an int32 one',
    );
  });
});

describe('userShape: what it refuses, in one line', () => {
  it('an unknown message, naming the messages the file declares', () => {
    expect(() =>
      userShape({ protoFile: EXAMPLE_PROTO, message: 'shop.v1.Orders', sampleFile: EXAMPLE_SAMPLE }),
    ).toThrow(
      `no message shop.v1.Orders in ` +
        `${EXAMPLE_PROTO}: it declares shop.v1.Money, shop.v1.Address, shop.v1.LineItem, shop.v1.Order`,
    );
    // An enum, or wirebench's own wrapper, is no row message either.
    expect(() =>
      userShape({ protoFile: EXAMPLE_PROTO, message: 'shop.v1.OrderStatus', sampleFile: EXAMPLE_SAMPLE }),
    ).toThrow(/^no message shop\.v1\.OrderStatus/);
  });

  it('a proto that does not load or parse, a sample that cannot be read', () => {
    const dir = filesIn({
      'bad.proto': 'syntax = "proto3";\nmessage M { int32 a = 1 }\n',
      'v2.proto': 'syntax = "proto2"; package t; message M { optional int32 a = 1; }',
      'imports.proto': 'syntax = "proto3"; import "missing.proto"; message M { int32 a = 1; }',
    });
    expect(() => userShape({ protoFile: join(dir, 'bad.proto'), message: 'M', sampleFile: EXAMPLE_SAMPLE })).toThrow(
      /^cannot load proto .*bad\.proto: illegal token '}'.*line 2/,
    );
    expect(() => userShape({ protoFile: join(dir, 'nope.proto'), message: 'M', sampleFile: EXAMPLE_SAMPLE })).toThrow(
      /^cannot load proto .*nope\.proto: ENOENT/,
    );
    expect(() =>
      userShape({ protoFile: join(dir, 'imports.proto'), message: 'M', sampleFile: EXAMPLE_SAMPLE }),
    ).toThrow(/^cannot load proto .*imports\.proto: .*missing\.proto/);
    expect(() => userShape({ protoFile: join(dir, 'v2.proto'), message: 't.M', sampleFile: EXAMPLE_SAMPLE })).toThrow(
      /v2\.proto is proto2; only syntax = "proto3" files are supported$/,
    );
    expect(() =>
      userShape({ protoFile: EXAMPLE_PROTO, message: EXAMPLE_MESSAGE, sampleFile: join(dir, 'none.json') }),
    ).toThrow(/^cannot read sample .*none\.json: ENOENT$/);
  });

  it('a proto declaring wirebench.user, the package of the wrapper', () => {
    const dir = filesIn({
      'w.proto': 'syntax = "proto3"; package wirebench.user; message M { int32 a = 1; }',
      's.json': '{"a": 1}',
    });
    expect(() =>
      userShape({ protoFile: join(dir, 'w.proto'), message: 'wirebench.user.M', sampleFile: join(dir, 's.json') }),
    ).toThrow('the proto declares wirebench.user, the package wirebench keeps for its own wrapper and service');
  });

  it('a well-known type whose JSON form the rows would not have, naming the field', () => {
    const dir = filesIn({
      'd.proto':
        'syntax = "proto3"; package t; import "google/protobuf/duration.proto"; message M { int32 n = 1; ' +
        'google.protobuf.Duration took = 2; }',
      's.json': '{"n": 1, "took": "1.500s"}',
    });
    expect(() =>
      userShape({ protoFile: join(dir, 'd.proto'), message: 't.M', sampleFile: join(dir, 's.json') }),
    ).toThrow(
      'cannot serve t.M yet: its field "took" is written in a JSON form wirebench does not produce ' +
        '(well-known types other than Timestamp are not supported)',
    );
  });
});

describe('userShape: maps, oneofs and what it cannot carry', () => {
  const proto = (fields: string) =>
    `syntax = "proto3"; package t; message Sub { repeated int64 xs = 1; } message M { int32 n = 1; ${fields} }`;

  it(
    'carries maps with 32-bit, bool and string keys, and a oneof holding a message, as the mapping writes ' + 'them',
    () => {
      const dir = filesIn({
        'm.proto': proto(
          'map<int32, double> by_int = 2; map<bool, string> by_bool = 3; map<string, Sub> subs = 4; oneof ' +
            'choice { string a = 5; Sub b = 6; }',
        ),
        's.json':
          '{"byInt": {"-3": 1.5}, "byBool": {"true": "t"}, "subs": {"k": {"xs": ["1", "-2"]}}, "b": {"xs": []}}',
      });
      const shape = userShape({ protoFile: join(dir, 'm.proto'), message: 't.M', sampleFile: join(dir, 's.json') });
      expect(toJsonRow(shape, shape.row(4))).toEqual({
        n: 4,
        byInt: { '-3': 1.5 },
        byBool: { true: 't' },
        subs: { k: { xs: ['1', '-2'] } },
        b: { xs: [] },
      });
    },
  );

  it('refuses a map with 64-bit keys, which proto-loader keys by binary hashes', () => {
    const dir = filesIn({ 'm.proto': proto('map<int64, string> by_long = 2;'), 's.json': '{"n": 1}' });
    expect(() =>
      userShape({ protoFile: join(dir, 'm.proto'), message: 't.M', sampleFile: join(dir, 's.json') }),
    ).toThrow(
      'cannot serve t.M.by_long: a map with int64 keys is held by proto-loader under binary hashes of the ' +
        'keys, not the numbers; use string keys',
    );
  });
});

describe('userShape: imports', () => {
  it('finds imports beside the importing file and from the include root, and hashes every local file', () => {
    const dir = filesIn({
      'api/order.proto':
        'syntax = "proto3"; package api; import "common/money.proto"; message Order { int64 id = 1; ' +
        'common.Money total = 2; }',
      'api/common/money.proto':
        'syntax = "proto3"; package common; import "common/currency.proto"; message Money { Currency currency ' +
        '= 1; int64 micros = 2; }',
      'api/common/currency.proto':
        'syntax = "proto3"; package common; enum Currency { CURRENCY_UNSPECIFIED = 0; EUR = 1; }',
      'sample.json': '{"id": "1", "total": {"currency": "EUR", "micros": "1500000"}}',
    });
    const shape = userShape({
      protoFile: join(dir, 'api/order.proto'),
      message: 'api.Order',
      sampleFile: join(dir, 'sample.json'),
    });
    expect(toJsonRow(shape, shape.row(3))).toEqual({ id: '3', total: { currency: 'EUR', micros: '1500000' } });
    const all = createHash('sha256');
    for (const f of ['api/order.proto', 'api/common/money.proto', 'api/common/currency.proto'])
      all.update(readFileSync(join(dir, f)));
    expect(shape.source!.protoSha256).toBe(all.digest('hex'));
  });
});
