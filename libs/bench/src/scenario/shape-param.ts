import { DEFAULT_SHAPE, isShapeName, shapeNames, ShapeName, UnknownShapeError } from '@app/shapes';
import { ScenarioValidationError } from './scenario-validation.error';

/**
 * The message shape a scenario times: absent means the article's row (DEFAULT_SHAPE), so a request or a result
 * without a shape means what it always meant. Any other value must be a name of @app/shapes' registry; the 400 /
 * exit 2 lists the valid names from it, in the same words the servers use (UnknownShapeError).
 */
export function shapeParam(raw: unknown): ShapeName {
  if (raw === undefined || raw === null) return DEFAULT_SHAPE;
  if (isShapeName(raw)) return raw;
  throw new ScenarioValidationError('shape', { values: shapeNames() }, new UnknownShapeError(raw).message, raw);
}
