import { jsonCodecNames, protobufCodecNames } from '@app/codecs';
import { errorOf } from './fixtures/error-of';
import { CONNECT_CALLS } from './connect-variants';
import {
  ARTICLE_TRANSPORTS,
  familyBaseline,
  FASTEST_PROTOBUF_CODEC,
  isProtobufSerializer,
  streamingVariantNames,
  TRANSPORT_KINDS,
  isStreamingVariant,
  parseVariants,
  VARIANT_NAMES,
  variantNamed,
  VARIANTS,
  variantPath,
} from './variants';

describe('variants', () => {
  it('has the two baselines and variants that each name a baseline of their own family', () => {
    expect(VARIANT_NAMES.slice(0, 2)).toEqual(['json', 'grpc']);
    for (const name of VARIANT_NAMES) {
      const { baseline, family, factor } = VARIANTS[name];
      expect(factor === null).toBe(baseline === null);
      if (baseline === null) continue;
      expect(VARIANTS[baseline as keyof typeof VARIANTS].family).toBe(family);
    }
  });

  it(
    'has the connect family: connect-proto its baseline, each other one factor from a variant of its own ' + 'family',
    () => {
      const connect = VARIANT_NAMES.filter((v) => VARIANTS[v].family === 'connect');
      expect(connect).toEqual(Object.keys(CONNECT_CALLS));
      expect(connect.filter((v) => VARIANTS[v].baseline === null)).toEqual(['connect-proto']);
      expect(familyBaseline('connect')).toBe('connect-proto');
      expect(TRANSPORT_KINDS.map(familyBaseline)).toEqual(['json', 'grpc', 'connect-proto']);
      expect(ARTICLE_TRANSPORTS).toEqual(['json', 'grpc']);
      // Each one factor from its baseline, and the call settings say which one: exactly one of protocol, encoding,
      // HTTP version, server app differs (message form: the stream, same call settings).
      const expected: Record<string, [string, string]> = {
        'connect-json': ['connect-proto', 'encoding'],
        'connect-fastify': ['connect-proto', 'server framework'],
        'connect-h2': ['connect-fastify', 'protocol'],
        'connect-grpc': ['connect-h2', 'protocol'],
        'grpc-web': ['connect-proto', 'protocol'],
        'connect-stream': ['connect-proto', 'message form'],
      };
      // The call and where it goes (the app's address and the server it names).
      const reach = (v: keyof typeof CONNECT_CALLS) => ({
        ...CONNECT_CALLS[v],
        target: VARIANTS[v].address,
        server: VARIANTS[v].server,
      });
      for (const [variant, [baseline, factor]] of Object.entries(expected)) {
        expect(VARIANTS[variant as keyof typeof VARIANTS]).toMatchObject({
          family: 'connect',
          baseline,
          factor,
          generatedCode: 'protobuf-es',
        });
        const call = reach(variant as keyof typeof CONNECT_CALLS);
        const base = reach(baseline as keyof typeof CONNECT_CALLS);
        const differ = (Object.keys(call) as (keyof typeof call)[]).filter((k) => call[k] !== base[k]);
        expect([variant, differ.length]).toEqual([
          variant,
          factor === 'message form' ? 0 : factor === 'protocol' && variant === 'connect-h2' ? 2 : 1,
        ]);
      }
      // connect-h2 changes the HTTP version and, with it, the app (the h2c one): both Fastify, so one factor.
      expect([VARIANTS['connect-fastify'].address, VARIANTS['connect-h2'].address]).toEqual([
        'fastifyJsonUrl',
        'h2JsonUrl',
      ]);
      expect(streamingVariantNames()).toContain('connect-stream');
      expect(parseVariants('variants', 'connect-proto,grpc-web', 'connect')).toEqual(['connect-proto', 'grpc-web']);
    },
  );

  it(
    'has one serializer variant per codec: each protobuf one but proto-loader against grpc, ' +
      'fast-json-stringify against json-fastify',
    () => {
      const serializers = VARIANT_NAMES.filter(
        (v) =>
          VARIANTS[v].serializer !== undefined &&
          !['proto-http-static', 'grpc-stream-static', 'json-stream-fjs'].includes(v),
      );
      expect(serializers).toEqual([
        'grpc-static',
        'grpc-es',
        'grpc-tsproto',
        'grpc-pbf',
        'grpc-pbf-sized',
        'grpc-protons',
        'json-fjs',
      ]);
      const grpc = serializers.filter((v) => VARIANTS[v].family === 'grpc');
      expect(grpc.map((v) => VARIANTS[v].serializer)).toEqual(protobufCodecNames().filter((c) => c !== 'proto-loader'));
      for (const v of grpc) expect(VARIANTS[v]).toMatchObject({ baseline: 'grpc', factor: 'serializer' });
      expect(VARIANTS['json-fjs']).toMatchObject({
        family: 'json',
        baseline: 'json-fastify',
        factor: 'serializer',
        serializer: 'fast-json-stringify',
      });
      expect(jsonCodecNames()).toContain(VARIANTS['json-fjs'].serializer);
      // No streaming serializer variant, no +gzip twin of one: the serializer is the one factor.
      for (const v of serializers)
        expect([v, VARIANTS[v].streaming, VARIANTS[`${v}+gzip` as keyof typeof VARIANTS]]).toEqual([
          v,
          undefined,
          undefined,
        ]);
    },
  );

  it(
    'has proto-http and grpc-stream with the fastest protobuf serializer as an option, json-stream with ' +
      'fast-json-stringify: one factor (serializer) from each, the transport and message form kept',
    () => {
      expect(FASTEST_PROTOBUF_CODEC).toBe('protobufjs-static');
      expect(protobufCodecNames()).toContain(FASTEST_PROTOBUF_CODEC);
      expect(VARIANTS['proto-http-static']).toMatchObject({
        family: 'json',
        baseline: 'proto-http',
        factor: 'serializer',
        serializer: FASTEST_PROTOBUF_CODEC,
      });
      expect(VARIANTS['proto-http-static'].streaming).toBeUndefined();
      expect(VARIANTS['grpc-stream-static']).toMatchObject({
        family: 'grpc',
        baseline: 'grpc-stream',
        factor: 'serializer',
        serializer: FASTEST_PROTOBUF_CODEC,
        streaming: true,
      });
      expect(isStreamingVariant('grpc-stream-static')).toBe(true);
      // Which registry a serializer is in decides how it is looked up, not the variant's family.
      expect(isProtobufSerializer(VARIANTS['proto-http-static'].serializer!)).toBe(true);
      expect(isProtobufSerializer('fast-json-stringify')).toBe(false);
      // No +gzip twin: the serializer is the one factor.
      expect(VARIANT_NAMES).not.toContain('proto-http-static+gzip');
      // The NDJSON stream with fast-json-stringify writing its lines.
      expect(VARIANTS['json-stream-fjs']).toMatchObject({
        family: 'json',
        baseline: 'json-stream',
        factor: 'serializer',
        serializer: 'fast-json-stringify',
        streaming: true,
      });
    },
  );

  it('has a +gzip twin of each JSON path, one factor (compression) from it', () => {
    for (const path of ['json', 'json-undici', 'json-fastify', 'json-h2', 'proto-http'] as const) {
      expect(VARIANTS[`${path}+gzip`]).toMatchObject({ family: 'json', baseline: path, factor: 'compression' });
      expect(variantPath(`${path}+gzip`)).toEqual({ path, compression: 'gzip' });
      expect(variantPath(path)).toEqual({ path, compression: null });
    }
  });

  it('parses a list, optionally of one family, and names the valid ones when it cannot', () => {
    expect(parseVariants('variants', 'grpc-bare,json')).toEqual(['grpc-bare', 'json']);
    expect(parseVariants('variant', 'json-undici', 'json')).toEqual(['json-undici']);
    for (const [raw, family] of [
      ['soap', undefined],
      ['json,json', undefined],
      ['grpc-bare', 'json'],
      ['', undefined],
      [undefined, undefined],
    ] as const) {
      const error = errorOf(() => parseVariants('variants', raw, family));
      expect(error.parameter).toBe('variants');
      expect(error.limit.values).toEqual(
        family ? VARIANT_NAMES.filter((v) => VARIANTS[v].family === family) : VARIANT_NAMES,
      );
      expect(error.limit.values).toContain('json');
    }
  });

  it('reads json-gzip and json gzip (a raw + in a query string) as json+gzip, and nothing else as a gzip twin', () => {
    expect(['json+gzip', 'json-gzip', 'json gzip'].map(variantNamed)).toEqual(['json+gzip', 'json+gzip', 'json+gzip']);
    expect(variantNamed('json-h2-gzip')).toBe('json-h2+gzip');
    expect(variantNamed('proto-http gzip')).toBe('proto-http+gzip');
    expect(
      ['grpc-gzip', 'grpc gzip', 'json-h2-window-gzip', 'json  gzip', 'json', 'gzip', '-gzip', undefined].map(
        variantNamed,
      ),
    ).toEqual([null, null, null, null, 'json', null, null, null]);
    // The README's URL as typed: the query parser turns `+` into a space.
    const typed = new URLSearchParams('variants=json,grpc,grpc-sliced,json+gzip').get('variants');
    expect(parseVariants('variants', typed)).toEqual(['json', 'grpc', 'grpc-sliced', 'json+gzip']);
    expect(parseVariants('variants', 'json-undici-gzip,json')).toEqual(['json-undici+gzip', 'json']);
    expect(errorOf(() => parseVariants('variants', 'json+gzip,json-gzip')).parameter).toBe('variants');
  });

  it('lists in its 400 only names that, typed raw into a URL, are accepted', () => {
    for (const family of [undefined, 'json', 'grpc'] as const) {
      const error = errorOf(() => parseVariants('variants', 'json gzipp', family));
      for (const name of error.limit.values as string[]) {
        const typed = new URLSearchParams(`variants=${name}`).get('variants');
        expect(parseVariants('variants', typed, family)).toEqual([name]);
      }
    }
    expect(errorOf(() => parseVariants('variants', 'nope')).message).toContain('json-gzip');
  });
});
