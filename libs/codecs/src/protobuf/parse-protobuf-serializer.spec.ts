import { join } from 'node:path';
import { findProtoFile, getShape, shapeNames, userShape, useUserShape } from '@app/shapes';
import { parseProtobufSerializer } from './parse-protobuf-serializer';
import { PROTOBUF_CODECS, protobufCodecNames } from './protobuf-codecs';
import { servesBuiltIn } from './fixtures/refused-shapes';

const example = () =>
  userShape({
    protoFile: findProtoFile(join('examples', 'order.proto')),
    message: 'shop.v1.Order',
    sampleFile: findProtoFile(join('examples', 'order.sample.json')),
  });

describe('parseProtobufSerializer', () => {
  afterEach(() => useUserShape(null));

  it('none named: null (proto-loader, the bytes a protobuf body always had)', () => {
    expect(parseProtobufSerializer(undefined, getShape('row'))).toEqual({ codec: null });
  });

  it.each(shapeNames())('%s: a named serializer bound to the shape', (name) => {
    const shape = getShape(name);
    for (const codec of protobufCodecNames().filter((c) => servesBuiltIn(c, name)))
      expect(parseProtobufSerializer(codec, shape)).toEqual({ codec: PROTOBUF_CODECS[codec].forShape(shape) });
    for (const codec of protobufCodecNames().filter((c) => !servesBuiltIn(c, name)))
      expect(parseProtobufSerializer(codec, shape)).toMatchObject({
        error: {
          statusCode: 400,
          parameter: 'serializer',
          message: expect.stringContaining(`${codec.replace(/-sized$/, '')} cannot carry`),
        },
      });
  });

  it('an unknown name, a JSON serializer included, is a 400 body naming the protobuf ones', () => {
    for (const name of ['avro', '', 'fast-json-stringify', 'json-stringify', '__proto__']) {
      const parsed = parseProtobufSerializer(name, getShape('numeric'));
      expect(parsed).toMatchObject({
        error: {
          statusCode: 400,
          error: 'Bad Request',
          parameter: 'serializer',
          limit: { serializers: protobufCodecNames() },
        },
      });
      expect('error' in parsed && parsed.error.message).toContain(`valid ones are ${protobufCodecNames().join(', ')}`);
    }
  });

  it("a serializer on the user's message is a 400 saying to leave it out", () => {
    useUserShape(example());
    const parsed = parseProtobufSerializer('protobufjs-static', getShape('user'));
    // None has code for it (proto-loader's codec loads proto/'s services; the user's message is served without one).
    expect(parsed).toMatchObject({ error: { statusCode: 400, parameter: 'serializer', limit: { serializers: [] } } });
    expect('error' in parsed && parsed.error.message).toContain(
      'serializer protobufjs-static cannot encode shape user',
    );
    expect('error' in parsed && parsed.error.message).toContain('leave serializer out for this shape');
    expect(parseProtobufSerializer(undefined, getShape('user'))).toEqual({ codec: null });
  });
});
