import { DEFAULT_SHAPE, type ShapeName } from '@app/shapes';

/**
 * The shape a load level (its spec or its result) asked for: a level without one, from a run saved before shapes,
 * carried the article's row, the only message there was.
 */
export function levelShape(level: { shape?: ShapeName }): ShapeName {
  return level.shape ?? DEFAULT_SHAPE;
}

/**
 * ` <shape>` to add to a level's name in titles and notes, or nothing for `row`: a run of the article's row reads as it
 * did before shapes.
 */
export function shapeTag(level: { shape?: ShapeName }): string {
  const shape = levelShape(level);
  return shape === DEFAULT_SHAPE ? '' : ` ${shape}`;
}
