import { getShape, jsonRowsOf } from '@app/shapes';
import { jsonReplyText, parseJsonSerializer } from './parse-json-serializer';
import { JSON_CODECS } from './json-codecs';

describe('parseJsonSerializer', () => {
  it('reads a JSON serializer by name, JSON.stringify when none is named', () => {
    expect(parseJsonSerializer(undefined)).toEqual({ codec: JSON_CODECS['json-stringify'] });
    expect(parseJsonSerializer('fast-json-stringify')).toEqual({ codec: JSON_CODECS['fast-json-stringify'] });
  });

  it('answers an unknown name with a 400 body naming the valid ones', () => {
    for (const name of ['yaml', '', 'proto-loader', '__proto__']) {
      const parsed = parseJsonSerializer(name);
      expect(parsed).toMatchObject({
        error: {
          statusCode: 400,
          parameter: 'serializer',
          limit: { serializers: ['json-stringify', 'fast-json-stringify'] },
        },
      });
      expect('error' in parsed && parsed.error.message).toContain('valid ones are json-stringify, fast-json-stringify');
    }
  });
});

describe('jsonReplyText', () => {
  it.each(['row', 'numeric', 'text', 'nested', 'binary'])(
    '%s: every serializer writes what JSON.stringify writes for the whole reply',
    (name) => {
      const shape = getShape(name);
      const rows = jsonRowsOf(shape, 7);
      for (const codec of Object.values(JSON_CODECS))
        expect(jsonReplyText(codec, shape, rows)).toBe(JSON.stringify({ [shape.rowsField]: rows }));
    },
  );
});
