import { getShape, type Shape } from '@app/shapes';

/**
 * The most bytes one row up to row number `lastRowNum` adds to the shape's rows message (default: the article's
 * `Samples`): its field tag, length and the encoded row (Shape.maxRowBytes, a bound tested against the rows).
 */
export function maxProtoRowBytes(lastRowNum: number, shape: Shape = getShape('row')): number {
  return shape.maxRowBytes(lastRowNum).protobuf;
}
