import { ScenarioValidationError } from '@app/bench';

// Every endpoint that measures takes these; path parameters (rows, requests) are not repeated in the query.
// `shape` (the message type) applies to every variant, so every endpoint that takes variants takes it.
const COMMON = ['shape', 'runs', 'warmup', 'name', 'wire', 'save', 'label', 'network', 'raw'] as const;

/**
 * The query parameters each client endpoint accepts, the one list per endpoint: anything else is refused rather
 * than silently ignored, so a typo or a parameter meant for another endpoint cannot pass for a measurement of it.
 */
export const ENDPOINT_PARAMETERS = {
  single: ['variant', 'chunk', ...COMMON],
  parallel: ['variant', 'chunk', 'rows', 'concurrency', ...COMMON],
  compare: ['variants', 'chunk', 'rows', 'requests', 'concurrency', ...COMMON],
  // The noise settings npm run bench passes on (--disturbed-above, --quiet): the engine judges and re-runs with them.
  bench: [
    'transports',
    'variants',
    'mode',
    'chunk',
    'rows',
    'requests',
    'concurrency',
    'disturbedAbove',
    'rerunDisturbed',
    ...COMMON,
  ],
  // GET /client/load: one load level, checked by validateLoadLevel like `npm run load`.
  load: [
    'transport',
    'target',
    'shape',
    'concurrency',
    'connections',
    'duration',
    'warmup',
    'rows',
    'rate',
    'generators',
    'raw',
  ],
} as const satisfies Record<string, readonly string[]>;

export type EndpointKind = keyof typeof ENDPOINT_PARAMETERS;

/**
 * Refuses parameters the endpoint does not use, then parameters given more than once (which arrive as arrays),
 * each with the 400 every other bad parameter gets. `route` is the path as the caller's route declares it.
 */
export function checkQueryParameters(route: string, query: Record<string, unknown>, valid: readonly string[]): void {
  const names = Object.keys(query);
  const unknown = names.filter((name) => !valid.includes(name));
  if (unknown.length > 0) {
    const verb = unknown.length === 1 ? 'does' : 'do';
    throw new ScenarioValidationError(
      unknown.join(','),
      { parameters: valid },
      `${unknown.join(', ')} ${verb} not apply to ${route}; valid parameters: ${valid.join(', ')}`,
      unknown,
    );
  }
  const repeated = names.find((name) => Array.isArray(query[name]));
  if (repeated !== undefined) {
    const count = (query[repeated] as unknown[]).length;
    throw new ScenarioValidationError(
      repeated,
      { maxCount: 1 },
      `${repeated} is given ${count} times; give it once`,
      query[repeated],
    );
  }
}
