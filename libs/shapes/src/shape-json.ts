import type { RowsDigest } from '@app/data-generator';
import { getShape } from './registry';
import type { JsonRow, MessageRow, Shape, ShapeChecksumAccumulator } from './shape.interface';

type ShapeRef = Shape | string;

function shapeOf(shape: ShapeRef): Shape {
  return typeof shape === 'string' ? getShape(shape) : shape;
}

/** A row's proto3 JSON form: what a JSON reply carries for it. */
export function toJsonRow(shape: ShapeRef, row: MessageRow): JsonRow {
  return shapeOf(shape).toJson(row);
}

/**
 * Rows offset .. offset + count - 1 in their JSON form: what a JSON reply carries. The conversion is part of making
 * the rows a JSON server sends (its `generate` phase), not of serializing them.
 */
export function jsonRowsOf(shape: Shape, count: number, offset = 0): JsonRow[] {
  return shape.jsonRows ? shape.jsonRows(count, offset) : shape.rows(count, offset).map((row) => shape.toJson(row));
}

/**
 * What a protobuf receiver decoded (proto-loader style: keepCase, longs: String, enums: String, defaults: true,
 * oneofs: true, bytes as Buffer), in the JSON form a JSON receiver parsed: then one checksum covers both. The
 * decoded object has the generator's layout, plus protobufjs's extras (oneof names, nulls for unset messages)
 * which the JSON form leaves out, so this is the same conversion as toJsonRow.
 */
export function canonicalFromProtobuf(shape: ShapeRef, decoded: MessageRow): JsonRow {
  return shapeOf(shape).toJson(decoded);
}

/** A fresh accumulator for rows in JSON form that arrive in pieces (streams). */
export function newShapeChecksum(shape: ShapeRef): ShapeChecksumAccumulator {
  return shapeOf(shape).newChecksum();
}

/**
 * The count and digest of rows in JSON form (parsed from a JSON reply, or canonicalFromProtobuf of decoded
 * protobuf): the same for the same rows whichever way they travelled. For `row` it is @app/data-generator's checksum.
 */
export function shapeChecksum(shape: ShapeRef, jsonRows: Iterable<JsonRow>): RowsDigest {
  return newShapeChecksum(shape).add(jsonRows).digest();
}
