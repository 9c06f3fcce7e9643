import type { JsonRow, MessageRow, Shape } from '@app/shapes';

/**
 * One protobuf serializer bound to one shape's reply message (`shape.rowsMessage`). Its phases are the benchmark's:
 * `prepare` is the generate side's (the rows as the generator makes them, proto-loader's object form, turned into
 * this serializer's own object form: never inside the serialize time), `encode` is the serialize phase, `decode` the
 * client's decode phase, and `toJsonRows` (after the clock) gives what the checksum reads.
 */
export interface ShapeProtobufCodec<Prepared = unknown, Decoded = unknown> {
  /** The reply message of `rows` (proto-loader form, as `shape.rows()` gives them) in this serializer's form. */
  prepare(rows: readonly MessageRow[]): Prepared;
  /** The reply's bytes. */
  encode(prepared: Prepared): Uint8Array;
  /**
   * A reply prepared in pieces (each `prepare` of consecutive rows) encoded piece by piece and finished once into one
   * buffer, which is `encode` of the whole reply byte for byte: appended to one writer where the serializer takes one,
   * each piece's own encode joined where it does not (protobuf-es). What a large unary reply uses to stop between
   * pieces on a cancel. `rows`, when given, is how many rows the whole reply holds (a writer sized up front uses it).
   */
  pieceEncoder(rows?: number): PieceEncoder<Prepared>;
  /** Bytes of the reply message (from any conformant encoder) back to this serializer's object form. */
  decode(bytes: Uint8Array): Decoded;
  /** How many rows a decoded reply holds (cheap: for progress and the count check). */
  rowCount(decoded: Decoded): number;
  /** The decoded rows in their proto3 JSON form, which `newShapeChecksum(shape)` digests. */
  toJsonRows(decoded: Decoded): JsonRow[];
}

/** Encodes a reply one prepared piece at a time (ShapeProtobufCodec.pieceEncoder). */
export interface PieceEncoder<Prepared = unknown> {
  add(piece: Prepared): void;
  finish(): Uint8Array;
}

/** A protobuf serializer: one entry of PROTOBUF_CODECS, usable with every shape. */
export interface ProtobufCodec {
  /** The name users select it by. */
  name: string;
  /** One line for tables and docs/serializers.md: which library, and how it is driven. */
  description: string;
  /**
   * Whether its bytes are proto-loader's byte for byte for any rows. protobufjs (proto-loader and its static code)
   * also writes fields without presence that were set to their default value (0, "", false); protobuf-es and
   * ts-proto leave them out, as the proto3 spec says. Both read back the same; the bytes differ by those fields.
   */
  writesSetDefaults: boolean;
  /** The codec for one shape (built once per shape and kept). */
  forShape(shape: Shape): ShapeProtobufCodec;
}
