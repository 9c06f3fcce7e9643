import { getShape, newShapeChecksum, shapeNames, type MessageRow, type Shape } from '@app/shapes';
import { getProtobufCodec, PROTOBUF_CODECS, protobufCodecNames, UnknownCodecError } from './protobuf-codecs';
import type { ProtobufCodec } from './protobuf-codec.interface';
import { withoutSetDefaults } from './without-set-defaults';
import { servesBuiltIn } from './fixtures/refused-shapes';

const INT32_MAX = 2 ** 31 - 1;
const digestOf = (shape: Shape, jsonRows: Iterable<never> | object[]) =>
  newShapeChecksum(shape)
    .add(jsonRows as never)
    .digest();
const hex = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');

/** proto-loader's bytes, the reference: for codecs that leave set defaults off the wire, of the rows without them. */
function referenceBytes(shape: Shape, codec: ProtobufCodec, rows: MessageRow[]): string {
  const loader = PROTOBUF_CODECS['proto-loader'].forShape(shape);
  return hex(loader.encode(loader.prepare(codec.writesSetDefaults ? rows : withoutSetDefaults(shape, rows))));
}

describe('PROTOBUF_CODECS', () => {
  it('lists proto-loader (the reference) first, and rejects other names listing the valid ones', () => {
    expect(protobufCodecNames()).toEqual([
      'proto-loader',
      'protobufjs-static',
      'protobuf-es',
      'ts-proto',
      'pbf',
      'pbf-sized',
      'protons',
    ]);
    for (const name of protobufCodecNames()) expect(getProtobufCodec(name).name).toBe(name);
    for (const bad of ['protobufjs', '', 'toString', undefined]) {
      expect(() => getProtobufCodec(bad)).toThrow(UnknownCodecError);
      expect(() => getProtobufCodec(bad)).toThrow(
        /valid ones are proto-loader, protobufjs-static, protobuf-es, ts-proto, pbf, pbf-sized, protons$/,
      );
    }
  });

  describe.each(shapeNames())('shape %s', (shapeName) => {
    const shape = getShape(shapeName);
    const samples: [string, MessageRow[]][] = [
      ['1,000 rows', shape.rows(1000)],
      ['0 rows', []],
      ['rows up to 2^31 - 1', shape.rows(50, INT32_MAX - 49)],
    ];
    const loader = PROTOBUF_CODECS['proto-loader'].forShape(shape);
    const loaderBytes = samples.map(([, rows]) => loader.encode(loader.prepare(rows)));

    const refusing = protobufCodecNames().filter((name) => !servesBuiltIn(name, shapeName));
    if (refusing.length > 0)
      it.each(refusing)('%s refuses it in one line naming the fields it cannot carry, and why', (codecName) => {
        expect(() => getProtobufCodec(codecName).forShape(shape)).toThrow(
          new RegExp(`^${codecName.replace(/-sized$/, '')} cannot carry (\\w+\\.\\w+(, )?)+ \\(`),
        );
      });

    describe.each(protobufCodecNames().filter((name) => servesBuiltIn(name, shapeName)))('%s', (codecName) => {
      const codec = getProtobufCodec(codecName);
      const bound = codec.forShape(shape);

      it.each(samples.map(([label, rows], k) => [label, rows, k] as const))(
        '%s: the same bytes as proto-loader, decoded back to the same rows',
        (_label, rows, k) => {
          const bytes = bound.encode(bound.prepare(rows));
          expect(hex(bytes)).toBe(referenceBytes(shape, codec, rows));
          const decoded = bound.decode(bytes);
          expect(bound.rowCount(decoded)).toBe(rows.length);
          expect(digestOf(shape, bound.toJsonRows(decoded))).toEqual(
            digestOf(
              shape,
              rows.map((row) => shape.toJson(row)),
            ),
          );
          // Cross-decoding: proto-loader's own bytes (set defaults included) read back to the same rows.
          const fromLoader = bound.decode(loaderBytes[k]);
          expect(digestOf(shape, bound.toJsonRows(fromLoader))).toEqual(
            digestOf(
              shape,
              rows.map((row) => shape.toJson(row)),
            ),
          );
        },
      );

      it(
        `${codec.writesSetDefaults ? 'writes' : 'leaves out'} fields set to their default (row 0's row ` +
          `number), as writesSetDefaults says`,
        () => {
          const rows = shape.rows(3);
          const same = hex(bound.encode(bound.prepare(rows))) === hex(loader.encode(loader.prepare(rows)));
          expect(same).toBe(codec.writesSetDefaults);
        },
      );
    });
  });
});
