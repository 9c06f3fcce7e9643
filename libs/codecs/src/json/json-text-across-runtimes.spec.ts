// Pinned across runtimes. V8 rewrote JSON.stringify's fast path (V8 13.8+: Node 26's V8 14.6 has it, Node 24's 13.6
// has not), and the runtime axis compares JSON replies on several Nodes: those replies must be the same bytes on
// every Node, or a runtime would be measured sending a different payload, and a server on one Node and a client on
// another would not agree on a row's text. CI runs the unit suite on Node 20, 22, 24 and 26 (docs/runtimes.md), so
// each of them must write exactly this. Update the digests only together with a deliberate change to the rows.
import { createHash } from 'node:crypto';
import { getShape } from '@app/shapes';
import { JSON_CODECS } from './json-codecs';

describe(`JSON text on ${process.version} (V8 ${process.versions.v8})`, () => {
  it.each([
    ['row', 243_791, 'a67f7ebedb9d5132b404d9dfbdcd75f19b3102b4cb80847c8261d49323275cb3'],
    ['numeric', 364_512, '72f18f2b318828bcf5111f94e72742752900c332749216f4341ab6d5e81a9480'],
    ['text', 1_573_337, '01a8afdc6c968376980a3c38a648d8cebc55d71b6fcf06a26cfe969f34b5f10d'],
    ['nested', 488_622, '4e7dfd1420b3d35788511b0e7b680daa75829d6565dd42adbe9471372f918adc'],
    ['binary', 5_521_824, '775f7c0109f68aaf7a90eb86a1a43e569fcd2899036c43947c8944e961b0b6e3'],
  ])(
    '%s: a reply of rows 0..999 is the pinned bytes, from JSON.stringify and from fast-json-stringify',
    (name, bytes, sha256) => {
      const shape = getShape(name);
      const rows = shape.rows(1000).map((row) => shape.toJson(row));
      for (const codec of Object.values(JSON_CODECS)) {
        const text = Buffer.from(codec.forShape(shape).stringify(rows));
        expect({
          codec: codec.name,
          bytes: text.length,
          sha256: createHash('sha256').update(text).digest('hex'),
        }).toEqual({ codec: codec.name, bytes, sha256 });
      }
    },
  );

  it(
    'writes the values whose text a rewrite could change as before: doubles, -0, large and small exponents, ' +
      'escapes, lone surrogates',
    () => {
      const values = {
        d: [0.1 + 0.2, -0, 1e21, 1e-7, 5e-324, 2 ** 53 + 2, 123.456, -1.5e300],
        s: 'a"b\\c\n\t\u0001\u007f\u2028é🚀\ud800',
        nested: [{ b: null, a: true }],
      };
      expect(JSON.stringify(values)).toBe(
        '{"d":[0.30000000000000004,0,1e+21,1e-7,5e-324,9007199254740994,123.456,-1.5e+300],' +
          '"s":"a\\"b\\\\c\\n\\t\\u0001\u007f\u2028é🚀\\ud800","nested":[{"b":null,"a":true}]}',
      );
    },
  );
});
