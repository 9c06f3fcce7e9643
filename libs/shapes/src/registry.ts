import type { Shape } from './shape.interface';
import { configuredBinaryShape } from './shapes/binary-blob-registration';
import { nestedShape } from './shapes/nested.shape';
import { numericShape } from './shapes/numeric.shape';
import { rowShape } from './shapes/row.shape';
import { textShape } from './shapes/text.shape';
import { configuredUserShape, USER_SHAPE_NAME } from './user/user-shape-registration';

/**
 * Every built-in message shape, by the name users select it with; `row` (the article's) first and the default.
 * Code that handles shapes iterates this and never switches on a name.
 */
export const SHAPES = {
  row: rowShape,
  numeric: numericShape,
  text: textShape,
  nested: nestedShape,
  // A getter: its blob size is configuration (useBinaryBlobBytes), read at each app's start-up.
  get binary() {
    return configuredBinaryShape();
  },
} as const satisfies Record<string, Shape>;

/** A built-in shape's name, or `user`: the user's own message, valid only in a process that has one (useUserShape). */
export type ShapeName = keyof typeof SHAPES | typeof USER_SHAPE_NAME;

/** The shape a scenario gets when it names none: the article's row, as before shapes existed. */
export const DEFAULT_SHAPE: ShapeName = 'row';

/**
 * The shapes every server serves, in the registry's order: the one list the servers read (HTTP routes, gRPC services,
 * health, reflection), so a shape that joins the registry (the user's own, once useUserShape registered it) is served
 * everywhere.
 */
export function servedShapes(): Shape[] {
  const user = configuredUserShape();
  return [...Object.values(SHAPES), ...(user ? [user] : [])];
}

/** The valid names, in the registry's order; then `user` when this process has the user's message (useUserShape). */
export function shapeNames(): ShapeName[] {
  const user = configuredUserShape();
  return [...Object.keys(SHAPES), ...(user ? [user.name] : [])] as ShapeName[];
}

export function isShapeName(name: unknown): name is ShapeName {
  return (
    typeof name === 'string' &&
    (Object.prototype.hasOwnProperty.call(SHAPES, name) || configuredUserShape()?.name === name)
  );
}

/** A name that is not a shape; the message lists the valid ones, for a 400, an INVALID_ARGUMENT or an exit 2. */
export class UnknownShapeError extends Error {
  readonly validNames = shapeNames();
  constructor(readonly shape: unknown) {
    super(`unknown shape ${JSON.stringify(shape)}: valid shapes are ${shapeNames().join(', ')}`);
    this.name = 'UnknownShapeError';
  }
}

/** The shape of that name, or an UnknownShapeError listing the valid names. */
export function getShape(name: unknown): Shape {
  if (!isShapeName(name)) throw new UnknownShapeError(name);
  return Object.prototype.hasOwnProperty.call(SHAPES, name)
    ? (SHAPES[name as keyof typeof SHAPES] as Shape)
    : configuredUserShape()!;
}
