import { getShape, loadProtoRoot, protoJsonName, shapeNames } from '@app/shapes';
import { getJsonCodec, JSON_CODECS, jsonCodecNames, replyJsonSchema } from './json-codecs';
import { UnknownCodecError } from '../unknown-codec.error';

const INT32_MAX = 2 ** 31 - 1;

function firstDifference(a: string, b: string): number {
  let k = 0;
  while (k < a.length && a.charCodeAt(k) === b.charCodeAt(k)) k++;
  return k;
}

describe('JSON_CODECS', () => {
  it('lists JSON.stringify (today’s) first, and rejects other names listing the valid ones', () => {
    expect(jsonCodecNames()).toEqual(['json-stringify', 'fast-json-stringify']);
    expect(() => getJsonCodec('fastify')).toThrow(UnknownCodecError);
    expect(() => getJsonCodec('fastify')).toThrow(
      /unknown JSON serializer "fastify": valid ones are json-stringify, fast-json-stringify$/,
    );
  });

  describe.each(shapeNames())('shape %s', (shapeName) => {
    const shape = getShape(shapeName);
    const fast = JSON_CODECS['fast-json-stringify'].forShape(shape);
    const plain = JSON_CODECS['json-stringify'].forShape(shape);

    it.each([
      ['1,000 rows', 1000, 0],
      ['0 rows', 0, 0],
      ['rows up to 2^31 - 1', 50, INT32_MAX - 49],
    ])('%s: fast-json-stringify writes the very text JSON.stringify writes', (_label, count, offset) => {
      const rows = shape.rows(count, offset).map((row) => shape.toJson(row));
      const text = fast.stringify(rows);
      const expected = plain.stringify(rows);
      expect(JSON.parse(text)).toEqual(JSON.parse(expected));
      // Byte for byte too; compared as a flag so a failure does not print megabytes of JSON.
      expect(
        text === expected
          ? 'same text'
          : `differs near ${JSON.stringify(text.slice(firstDifference(text, expected) - 40).slice(0, 80))}`,
      ).toBe('same text');
    });

    it("its schema is derived from the proto: the row message's fields, in field order, as JSON names", () => {
      const properties = Object.keys(replyJsonSchema(shape).items.properties ?? {});
      const fields = loadProtoRoot(shape.protoFile)
        .lookupType(shape.rowMessage)
        .fieldsArray.map((field) => protoJsonName(field.name));
      expect(properties).toEqual(fields);
    });
  });
});
