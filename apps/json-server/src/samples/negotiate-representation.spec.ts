import { JSON_CODECS, jsonCodecNames, PROTOBUF_CODECS, protobufCodecNames } from '@app/codecs';
import { getShape } from '@app/shapes';
import { negotiateRepresentation, withSerializer } from './negotiate-representation';

const encoding = (accept: string | undefined) => negotiateRepresentation(accept, undefined).encoding;
const gzip = (acceptEncoding: string | undefined) => negotiateRepresentation(undefined, acceptEncoding).gzip;

describe('negotiateRepresentation', () => {
  it.each([
    [undefined, 'json'],
    ['', 'json'],
    ['application/json', 'json'],
    ['application/json, text/plain, */*', 'json'],
    ['application/x-protobuf', 'protobuf'],
    ['APPLICATION/X-PROTOBUF', 'protobuf'],
    ['application/x-protobuf, */*;q=0.1', 'protobuf'],
    ['application/x-protobuf;q=0.9, application/json', 'json'],
    ['application/json;q=0.5, application/x-protobuf', 'protobuf'],
    ['application/x-protobuf, application/json', 'json'],
    ['application/x-protobuf, application/*', 'protobuf'],
    ['application/x-protobuf;q=0, */*', 'json'],
    ['application/x-protobuf;q=banana', 'json'],
    ['application/x-protobuf;q=1.5', 'json'],
    ['text/html', 'json'],
  ])('Accept %j -> %s', (accept, expected) => {
    expect(encoding(accept)).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip', true],
    ['GZip', true],
    ['x-gzip', true],
    ['gzip, compress, deflate, br', true],
    ['br, deflate', false],
    ['*', true],
    ['*;q=0', false],
    ['gzip;q=0', false],
    ['gzip;q=0, *', false],
    ['gzip;q=0.5, identity', false],
    ['gzip;q=0.5, identity;q=0.5', true],
    ['identity;q=0, gzip;q=0.001', true],
    ['gzip;q=x', false],
  ])('Accept-Encoding %j -> gzip %s', (acceptEncoding, expected) => {
    expect(gzip(acceptEncoding)).toBe(expected);
  });

  it('reads both headers together', () => {
    expect(negotiateRepresentation('application/x-protobuf', 'gzip')).toEqual({ encoding: 'protobuf', gzip: true });
  });
});

describe('withSerializer', () => {
  const numeric = getShape('numeric');
  const json = { encoding: 'json', gzip: false } as const;
  const protobuf = { encoding: 'protobuf', gzip: true } as const;

  it(
    'a JSON body takes a JSON serializer (JSON.stringify when none is named), a protobuf body a protobuf one ' +
      'bound to the shape (none: proto-loader)',
    () => {
      expect(withSerializer(json, undefined, numeric)).toEqual({ ...json, jsonCodec: JSON_CODECS['json-stringify'] });
      expect(withSerializer(json, 'fast-json-stringify', numeric)).toEqual({
        ...json,
        jsonCodec: JSON_CODECS['fast-json-stringify'],
      });
      expect(withSerializer(protobuf, undefined, numeric)).toEqual(protobuf);
      expect(withSerializer(protobuf, 'protobufjs-static', numeric)).toEqual({
        ...protobuf,
        protobufCodec: PROTOBUF_CODECS['protobufjs-static'].forShape(numeric),
      });
    },
  );

  it('a serializer of the other family is a 400 naming the valid ones for the body asked for', () => {
    expect(withSerializer(protobuf, 'fast-json-stringify', numeric)).toMatchObject({
      error: { statusCode: 400, parameter: 'serializer', limit: { serializers: protobufCodecNames() } },
    });
    expect(withSerializer(json, 'protobufjs-static', numeric)).toMatchObject({
      error: { statusCode: 400, parameter: 'serializer', limit: { serializers: jsonCodecNames() } },
    });
  });
});
