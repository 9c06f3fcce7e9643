import { DEFAULT_SHAPE, ShapeName } from '@app/shapes';

/**
 * The JSON servers' path for `count` rows of `shape`: `/samples/:count`, or with `chunkRows` the NDJSON stream
 * `/samples/:count/stream?chunk=`. Another shape than the article's row adds `shape=NAME`; the row adds nothing, so
 * its requests stay byte for byte what they were before shapes. A `serializer` (json-fjs) adds `serializer=NAME`.
 */
export function samplesPath(count: number, shape: ShapeName, chunkRows?: number, serializer?: string): string {
  const query = new URLSearchParams();
  if (chunkRows !== undefined) query.set('chunk', String(chunkRows));
  if (shape !== DEFAULT_SHAPE) query.set('shape', shape);
  if (serializer !== undefined) query.set('serializer', serializer);
  const search = query.toString();
  return `/samples/${count}${chunkRows === undefined ? '' : '/stream'}${search === '' ? '' : `?${search}`}`;
}
