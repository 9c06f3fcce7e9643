import { DEFAULT_SHAPE, getShape, type Shape, shapeNames, UnknownShapeError } from '@app/shapes';

/** The 400 body of an unknown `?shape=`: ParseCountPipe's keys, the valid names as the limit and in the message. */
export interface BadShapeBody {
  statusCode: 400;
  error: 'Bad Request';
  parameter: 'shape';
  limit: { shapes: string[] };
  message: string;
}

/**
 * The shape a JSON server's `?shape=` names (absent: the article's row, so a request without it gets the reply it
 * always got), or the body of a 400 naming the valid shapes (UnknownShapeError's message). Every JSON server asks here.
 */
export function parseShape(value: string | undefined): { shape: Shape } | { error: BadShapeBody } {
  try {
    return { shape: getShape(value ?? DEFAULT_SHAPE) };
  } catch (error) {
    if (!(error instanceof UnknownShapeError)) throw error;
    return {
      error: {
        statusCode: 400,
        error: 'Bad Request',
        parameter: 'shape',
        limit: { shapes: shapeNames() },
        message: error.message,
      },
    };
  }
}
