import { join } from 'node:path';
import { Metadata } from '@grpc/grpc-js';
import { InvalidSerializerError, readShapeSerializer, SERIALIZER_METADATA } from '@app/codecs';
import { findProtoFile, getShape, shapeNames, userShape, useUserShape } from '@app/shapes';
import { checkVariantShape } from './check-serializer-shape';
import { errorOf } from './fixtures/error-of';
import { VARIANT_NAMES, VARIANTS, type VariantName } from './variants';

const example = () =>
  userShape({
    protoFile: findProtoFile(join('examples', 'order.proto')),
    message: 'shop.v1.Order',
    sampleFile: findProtoFile(join('examples', 'order.sample.json')),
  });
// The connect family is built on protobuf-es's generated code (generatedCode), so it has none for the user's message
// either.
const GENERATED = [
  'grpc-static',
  'grpc-es',
  'grpc-tsproto',
  'grpc-pbf',
  'grpc-pbf-sized',
  'grpc-protons',
  'proto-http-static',
  'grpc-stream-static',
  'connect-proto',
  'connect-json',
  'connect-fastify',
  'connect-h2',
  'connect-grpc',
  'grpc-web',
  'connect-bare',
  'connect-stream',
] as const;
// The Go reference servers: no serializer of their own to name, but no code for the user's message either.
const NATIVE = ['go-json', 'go-json-stream', 'go-grpc', 'go-grpc-stream'] as const;

describe('checkVariantShape', () => {
  afterEach(() => useUserShape(null));

  it('lets every variant time every built-in shape but pbf and protons the ones with fields they cannot carry', () => {
    const PBF: VariantName[] = ['grpc-pbf', 'grpc-pbf-sized'];
    const REFUSING: VariantName[] = [...PBF, 'grpc-protons'];
    for (const variant of VARIANT_NAMES)
      for (const shape of shapeNames())
        if (!REFUSING.includes(variant) || !['numeric', 'nested'].includes(shape))
          expect(() => checkVariantShape(variant, shape, shape)).not.toThrow();
    const protons = errorOf(() => checkVariantShape('grpc-protons', 'nested', 'nested'));
    expect(protons.limit.values).toEqual(['row', 'text', 'binary']);
    expect(protons.message).toContain('(protons cannot carry LineItem.unit_price_micros (64-bit integers: ');
    for (const variant of PBF) {
      const numeric = errorOf(() => checkVariantShape(variant, 'numeric', 'numeric'));
      expect(numeric.limit.values).toEqual(['row', 'text', 'binary']);
      expect(numeric.message).toContain(`cannot time shape numeric (pbf cannot carry NumericRow.device_id, `);
      expect(numeric.message).toContain('64-bit integers: pbf reads them as JavaScript numbers, exact only to 2^53');
      const nested = errorOf(() => checkVariantShape(variant, 'nested', 'nested'));
      expect(nested.message).toContain('NestedRow.coupon_code, NestedRow.discount, NestedRow.gift (no field presence');
    }
  });

  it(
    "refuses a generated serializer on the user's message, naming the shapes it serves; the other variants " +
      'take it',
    () => {
      useUserShape(example());
      for (const variant of GENERATED) {
        const error = errorOf(() => checkVariantShape(variant, 'user', 'user'));
        expect(error.parameter).toBe('shape');
        const partial = variant.startsWith('grpc-pbf') || variant === 'grpc-protons';
        expect(error.limit.values).toEqual(
          partial ? ['row', 'text', 'binary'] : ['row', 'numeric', 'text', 'nested', 'binary'],
        );
        expect(error.message).toContain(
          `variant ${variant} (serializer ` +
            `${VARIANTS[variant].serializer ?? VARIANTS[variant].generatedCode}) cannot time shape user (it has ` +
            'no code for shop.v1.Order: its code is generated from proto/ at build time): it serves row, ',
        );
      }
      for (const variant of VARIANT_NAMES.filter(
        (v) => !(GENERATED as readonly string[]).includes(v) && !(NATIVE as readonly string[]).includes(v),
      ))
        expect(() => checkVariantShape(variant, 'user', 'user')).not.toThrow();
    },
  );

  it("refuses a Go reference server's variant on the user's message, takes the built-in shapes", () => {
    useUserShape(example());
    for (const variant of NATIVE) {
      const error = errorOf(() => checkVariantShape(variant, 'user', 'user'));
      expect([variant, error.limit.values]).toEqual([variant, ['row', 'numeric', 'text', 'nested', 'binary']]);
      expect(error.message).toBe(
        `variant ${variant} cannot time shape user (the Go reference servers serve the built-in shapes only: their ` +
          'code is generated from proto/ at setup): it serves row, numeric, text, nested, binary',
      );
    }
  });
});

describe('readShapeSerializer', () => {
  afterEach(() => useUserShape(null));

  it(
    "binds the named serializer to the shape, and refuses one without code for it (the server's " + 'INVALID_ARGUMENT)',
    () => {
      const metadata = new Metadata();
      expect(readShapeSerializer(metadata, getShape('numeric'))).toBeNull();
      metadata.set(SERIALIZER_METADATA, 'protobuf-es');
      expect(readShapeSerializer(metadata, getShape('numeric'))).not.toBeNull();
      useUserShape(example());
      expect(() => readShapeSerializer(metadata, getShape('user'))).toThrow(InvalidSerializerError);
      expect(() => readShapeSerializer(metadata, getShape('user'))).toThrow(
        `${SERIALIZER_METADATA} protobuf-es cannot encode shape user`,
      );
      metadata.set(SERIALIZER_METADATA, 'avro');
      expect(() => readShapeSerializer(metadata, getShape('numeric'))).toThrow(InvalidSerializerError);
    },
  );
});
