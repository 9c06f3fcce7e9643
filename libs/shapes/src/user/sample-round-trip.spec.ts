import { join } from 'node:path';
import { userShape } from './user-shape';
import { EXAMPLE_MESSAGE, EXAMPLE_PROTO, exampleSample, filesIn } from './user-shape.fixtures';
import { scanJsonText } from './scan-json-text';

/** What userShape says of examples/order.proto with the example sample changed by `change` (written as given). */
function errorFor(change: (sample: Record<string, any>) => void, text?: (json: string) => string): string {
  const sample = exampleSample();
  change(sample);
  const json = JSON.stringify(sample, null, 2);
  const dir = filesIn({ 'sample.json': text ? text(json) : json });
  try {
    userShape({ protoFile: EXAMPLE_PROTO, message: EXAMPLE_MESSAGE, sampleFile: join(dir, 'sample.json') });
  } catch (error) {
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  return 'accepted';
}

describe('the sample must survive the proto3 JSON mapping', () => {
  it('accepts the example, and field names written as the proto names them nowhere', () => {
    expect(errorFor(() => undefined)).toBe('accepted');
  });

  it.each<[string, (s: Record<string, any>) => void, string]>([
    [
      'an unknown field',
      (s) => (s.items[1].colour = 'red'),
      'sample field "items[1].colour": shop.v1.LineItem has no such field (fields: sku, title, quantity, ' +
        'unitPrice, weightKg)',
    ],
    [
      'a wrong type',
      (s) => (s.items[0].quantity = 'three'),
      'sample field "items[0].quantity": "three" is not a valid uint32',
    ],
    [
      'a negative unsigned',
      (s) => (s.items[0].quantity = -1),
      'sample field "items[0].quantity": -1 is not a valid uint32',
    ],
    [
      'a fraction in an integer',
      (s) => (s.total.amountMicros = 1.5),
      'sample field "total.amountMicros": 1.5 is not a valid int64',
    ],
    [
      'an unknown enum name',
      (s) => (s.status = 'PAID'),
      'sample field "status": "PAID" is not a valid enum shop.v1.OrderStatus',
    ],
    [
      'an enum by number',
      (s) => (s.status = 2),
      'sample field "status": 2 becomes "ORDER_STATUS_PAID": enums are written by name in JSON',
    ],
    [
      'an int64 as a (safe) number',
      (s) => (s.total.amountMicros = 185490000),
      'sample field "total.amountMicros": 185490000 becomes "185490000": 64-bit integers are strings in JSON',
    ],
    [
      'a value that would be dropped (null)',
      (s) => (s.shippingAddress = null),
      'sample field "shippingAddress": null is dropped by the mapping (leave the field out, or give a value)',
    ],
    [
      'a proto field name',
      (s) => ((s.shippingAddress.postal_code = s.shippingAddress.postalCode), delete s.shippingAddress.postalCode),
      'sample field "shippingAddress.postal_code": is printed as "postalCode", its JSON name; write it so',
    ],
    [
      'a timestamp in another spelling',
      (s) => (s.placedAt = '2026-11-24T10:30:00+01:00'),
      'sample field "placedAt": "2026-11-24T10:30:00+01:00" becomes "2026-11-24T09:30:00Z" in the round trip ' +
        'through google.protobuf.Timestamp',
    ],
    [
      'bytes in URL-safe base64',
      (s) => (s.signature = 'c2lnbmVkIGJ5IHRoZSBzaG9w-_8'),
      'sample field "signature": "c2lnbmVkIGJ5IHRoZSBzaG9w-_8" becomes "c2lnbmVkIGJ5IHRoZSBzaG9w+/8=" in the ' +
        'round trip through bytes',
    ],
    [
      'a map value of the wrong type',
      (s) => (s.attributes.channel = 7),
      'sample field "attributes.channel": 7 is not a valid string',
    ],
    [
      'a list that is not one',
      (s) => (s.shippingAddress.lines = 'Hauptstraße 12'),
      'sample field "shippingAddress.lines": "Hauptstraße 12" is not a valid string',
    ],
  ])('refuses %s, naming the field and why', (_case, change, line) => {
    expect(errorFor(change)).toBe(line);
  });

  it('refuses a key given twice (JSON.parse would keep the last silently)', () => {
    expect(
      errorFor(
        (s) => (s.total.currencyCode = 'DUP'),
        (json) => json.replace('"currencyCode": "DUP"', '"currencyCode": "EUR", "currencyCode": "USD"'),
      ),
    ).toBe('sample field "total.currencyCode": is given twice; JSON keeps only the last');
  });

  it('refuses an int64 written as a number beyond 2^53, from the text (JSON.parse has already rounded it)', () => {
    expect(
      errorFor(
        (s) => (s.customerId = 'BIG'),
        (json) => json.replace('"BIG"', '18446744073709551615'),
      ),
    ).toBe(
      'sample field "customerId": 18446744073709551615 does not survive a JSON number (becomes ' +
        '18446744073709552000); write 64-bit integers as strings, "18446744073709551615"',
    );
  });

  it('refuses a float32 value that changes, and what is not a JSON object', () => {
    const dir = filesIn({
      'm.proto':
        'syntax = "proto3"; package t; message Price { int32 id = 1; float amount = 2; repeated float history = 3; }',
      'ok.json': '{"id": 1, "amount": 0.5, "history": [0.25]}',
      'bad.json': '{"id": 1, "amount": 0.5, "history": [0.25, 0.1]}',
      'single.json': '{"id": 1, "amount": 19.99}',
      'list.json': '[1]',
      'broken.json': '{"id": ',
    });
    const shape = (sample: string) => () =>
      userShape({ protoFile: join(dir, 'm.proto'), message: 't.Price', sampleFile: join(dir, sample) });
    expect(shape('ok.json')).not.toThrow();
    expect(shape('bad.json')).toThrow(
      'sample field "history[1]": 0.1 does not survive float32 (becomes 0.10000000149011612)',
    );
    expect(shape('single.json')).toThrow(
      'sample field "amount": 19.99 does not survive float32 (becomes 19.989999771118164)',
    );
    expect(shape('list.json')).toThrow('sample must be a JSON object (one t.Price), not [1]');
    expect(shape('broken.json')).toThrow(/^sample is not JSON: /);
  });
});

describe('scanJsonText', () => {
  it('finds integer literals past 2^53 by path, and nothing in strings or safe numbers', () => {
    const text =
      '{"a": 9007199254740993, "b": [1, -9007199254740993, {"c d": 12345678901234567890}], "e": ' +
      '"9007199254740993", "f": 9007199254740991, "g": 1.5e300, "h": "}\\"]"}';
    expect(scanJsonText(text)).toEqual({
      impreciseIntegers: new Map([
        ['a', '9007199254740993'],
        ['b[1]', '-9007199254740993'],
        ['b[2]["c d"]', '12345678901234567890'],
      ]),
      duplicateKeys: [],
    });
  });

  it('finds keys given twice in one object, not the same key in two objects', () => {
    expect(scanJsonText('{"a": {"x": 1, "y": 2, "x": 3}, "b": [{"x": 1}, {"x": 2}]}').duplicateKeys).toEqual(['a.x']);
  });
});
