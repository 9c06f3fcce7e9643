import type { Shape } from '@app/shapes';

/**
 * A codec's `forShape`: builds what one shape needs (generated type lookups, converters, a compiled stringifier)
 * on first use and keeps it, so a benchmark loop never pays for the lookup.
 */
export function perShape<C>(build: (shape: Shape) => C): (shape: Shape) => C {
  const built = new WeakMap<Shape, C>();
  return (shape) => {
    let codec = built.get(shape);
    if (!codec) built.set(shape, (codec = build(shape)));
    return codec;
  };
}
