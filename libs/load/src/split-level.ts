import type { LoadLevelSpec } from './load-level.interface';

/** n whole shares of total, as even as they come (the first ones one larger). */
function shares(total: number, n: number): number[] {
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

/**
 * The spec of each of `generators` processes: callers, connections, rate and request count divided among them.
 * Throws when a share would be empty or, for autocannon, uneven.
 */
export function splitLevel(spec: LoadLevelSpec): LoadLevelSpec[] {
  const n = spec.generators ?? 1;
  if (n === 1) return [spec];
  if (n > spec.concurrency)
    throw new RangeError(`${n} generators need at least ${n} callers, got concurrency ${spec.concurrency}`);
  if (
    spec.transport === 'json' &&
    spec.rate === undefined &&
    (spec.concurrency % n !== 0 || spec.connections % n !== 0)
  ) {
    throw new RangeError(
      `HTTP concurrency ${spec.concurrency} and connections ` +
        `${spec.connections} must both be multiples of ${n} generators`,
    );
  }
  const callers = shares(spec.concurrency, n);
  const connections = shares(Math.max(spec.connections, n), n);
  const requests = spec.requests === undefined ? undefined : shares(spec.requests, n);
  return callers.map((concurrency, i) => ({
    ...spec,
    generators: 1,
    concurrency,
    connections: Math.min(connections[i], concurrency),
    rate: spec.rate === undefined ? undefined : spec.rate / n,
    requests: requests?.[i],
  }));
}
