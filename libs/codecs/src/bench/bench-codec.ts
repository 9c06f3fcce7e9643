import { newShapeChecksum, type JsonRow, type MessageRow, type Shape } from '@app/shapes';
import { JSON_CODECS } from '../json/json-codecs';
import { PROTOBUF_CODECS } from '../protobuf/protobuf-codecs';
import { withoutSetDefaults } from '../protobuf/without-set-defaults';
import type { ProtobufCodec } from '../protobuf/protobuf-codec.interface';

/**
 * One serializer of either family seen the same way by the measurement: prepare (untimed), encode and decode (each
 * timed alone), then a check of the bytes against the reference and of the decoded rows' checksum (untimed).
 */
export interface BenchCodec {
  family: 'protobuf' | 'json';
  name: string;
  prepare(rows: MessageRow[]): unknown;
  encode(prepared: unknown): Uint8Array | string;
  decode(encoded: Uint8Array | string): unknown;
  /**
   * The reference encoding of the rows: proto-loader's bytes (of the rows without set defaults for codecs that leave
   * them out), or JSON.stringify's text.
   */
  reference(rows: MessageRow[]): Uint8Array | string;
  jsonRows(decoded: unknown): JsonRow[];
}

/** Why a protobuf serializer cannot serve `shape` (its forShape's refusal), or null when it can. */
function refusal(codec: ProtobufCodec, shape: Shape): string | null {
  try {
    codec.forShape(shape);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** One line per serializer left out of a shape because it refuses it (pbf: fields it cannot carry exactly). */
export function refusedBenchCodecs(shapes: Shape[]): string[] {
  return shapes.flatMap((shape) =>
    Object.values(PROTOBUF_CODECS).flatMap((codec: ProtobufCodec) => {
      const why = refusal(codec, shape);
      return why === null ? [] : [`${codec.name} on ${shape.name}: left out, ${why}`];
    }),
  );
}

const protobufBenchCodecs = (shape: Shape): BenchCodec[] =>
  (Object.values(PROTOBUF_CODECS) as ProtobufCodec[])
    .filter((codec) => refusal(codec, shape) === null)
    .map((codec) => {
      const bound = codec.forShape(shape);
      const loader = PROTOBUF_CODECS['proto-loader'].forShape(shape);
      return {
        family: 'protobuf',
        name: codec.name,
        prepare: (rows) => bound.prepare(rows),
        encode: (prepared) => bound.encode(prepared),
        decode: (bytes) => bound.decode(bytes as Uint8Array),
        reference: (rows) =>
          loader.encode(loader.prepare(codec.writesSetDefaults ? rows : withoutSetDefaults(shape, rows))),
        jsonRows: (decoded) => bound.toJsonRows(decoded),
      };
    });

const jsonBenchCodecs = (shape: Shape): BenchCodec[] =>
  Object.values(JSON_CODECS).map((codec) => {
    const bound = codec.forShape(shape);
    return {
      family: 'json',
      name: codec.name,
      prepare: (rows) => rows.map((row) => shape.toJson(row)),
      encode: (jsonRows) => bound.stringify(jsonRows as JsonRow[]),
      decode: (text) => JSON.parse(text as string),
      reference: (rows) => JSON.stringify(rows.map((row) => shape.toJson(row))),
      jsonRows: (decoded) => decoded as JsonRow[],
    };
  });

/** Every serializer of both registries, for one shape: the JSON ones first (the baseline), then the protobuf ones. */
export function benchCodecs(shape: Shape): BenchCodec[] {
  return [...jsonBenchCodecs(shape), ...protobufBenchCodecs(shape)];
}

/** Throws unless `encoded` is the reference byte for byte and `decoded` holds the generator's rows. */
export function verifyBenchRun(
  shape: Shape,
  codec: BenchCodec,
  rows: MessageRow[],
  encoded: Uint8Array | string,
  decoded: unknown,
): void {
  const reference = codec.reference(rows);
  const same =
    typeof encoded === 'string'
      ? encoded === reference
      : Buffer.compare(Buffer.from(encoded), Buffer.from(reference as Uint8Array)) === 0;
  if (!same) throw new Error(`${codec.name} on ${shape.name}: the encoded reply differs from the reference`);
  const expected = newShapeChecksum(shape)
    .add(rows.map((row) => shape.toJson(row)))
    .digest();
  const actual = newShapeChecksum(shape).add(codec.jsonRows(decoded)).digest();
  if (JSON.stringify(actual) !== JSON.stringify(expected))
    throw new Error(
      `${codec.name} on ${shape.name}: decoded rows do not match ` +
        `(${JSON.stringify(actual)} vs ${JSON.stringify(expected)})`,
    );
}
