import type { Shape } from '../shape.interface';

/** The name the user's message is selected by, once configured (`?shape=user`, `--shapes user`). */
export const USER_SHAPE_NAME = 'user' as const;

let configured: Shape | null = null;

/**
 * Makes the user's shape selectable as `user` in this process (getShape, shapeNames), or, with null, takes it away.
 * Each app calls it once at start-up with the shape its configuration built (WIREBENCH_PROTO & co.); until then,
 * and in a process without a user message, `user` is an unknown shape name like any other.
 */
export function useUserShape(shape: Shape | null): void {
  configured = shape;
}

/** The user's shape this process serves or calls, or null when none is configured. */
export function configuredUserShape(): Shape | null {
  return configured;
}
