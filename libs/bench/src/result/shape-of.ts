import { DEFAULT_SHAPE, type ShapeName } from '@app/shapes';
import type { ScenarioResult } from './result.interface';

/** A result's message shape; one written before shapes existed carried the article's row. */
export function shapeOf(result: Pick<ScenarioResult, 'shape'>): ShapeName {
  return result.shape ?? DEFAULT_SHAPE;
}
