import type { JsonRow, Shape } from '@app/shapes';

/**
 * One JSON serializer bound to one shape's reply: the rows in their proto3 JSON form (what toJsonRow gives; turning
 * the generator's rows into it is the generate side's work) to the body's text. Receivers decode with JSON.parse.
 */
export interface ShapeJsonCodec {
  stringify(rows: readonly JsonRow[]): string;
}

/** A JSON serializer: one entry of JSON_CODECS, usable with every shape. */
export interface JsonCodec {
  name: string;
  description: string;
  forShape(shape: Shape): ShapeJsonCodec;
}
