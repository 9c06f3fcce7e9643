import type { Limits } from '@app/config';
import { Mode, Scenario } from './scenario.interface';
import { VariantName, VARIANTS } from './variants';
import { ScenarioNameError } from './scenario-validation.error';
import { integerParam } from './integer-param';

/** Raw parameters as they arrive from a URL or a command line: strings, numbers or absent. */
export interface ScenarioInput {
  name?: unknown;
  rows?: unknown;
  requests?: unknown;
  concurrency?: unknown;
  runs?: unknown;
  warmup?: unknown;
}

export const SCENARIO_DEFAULTS = { rows: 1, requests: 1, runs: 1, warmup: 0 } as const;

/**
 * The one place where parameters meet their limits. Every parameter must be a plain decimal integer in range;
 * concurrency defaults to "all at once" (the article's forkJoin) and may not exceed the request count.
 */
export function validateScenario(variant: VariantName, mode: Mode, input: ScenarioInput, limits: Limits): Scenario {
  // The two families' names are also their baseline variants, so callers that pass 'json' or 'grpc' mean what they did.
  const transport = VARIANTS[variant].family;
  const rowsPerRequest = integerParam('rows', input.rows, SCENARIO_DEFAULTS.rows, 1, limits.maxRows);
  const requests = mode === 'single' ? 1 : integerParam('requests', input.requests, SCENARIO_DEFAULTS.requests, 1, limits.maxRequests);
  const concurrencyMax = Math.min(requests, limits.maxConcurrency);
  const concurrency = integerParam('concurrency', input.concurrency, concurrencyMax, 1, concurrencyMax);
  const runs = integerParam('runs', input.runs, SCENARIO_DEFAULTS.runs, 1, limits.maxRuns);
  const warmup = integerParam('warmup', input.warmup, SCENARIO_DEFAULTS.warmup, 0, limits.maxWarmup);
  const name = nameParam(input.name) ?? defaultName(mode, rowsPerRequest, requests, concurrency);
  return { name, transport, variant, mode, rowsPerRequest, requests, concurrency, runs, warmup };
}

function defaultName(mode: Mode, rows: number, requests: number, concurrency: number): string {
  if (mode === 'single') return `single rows=${rows}`;
  return `parallel rows=${rows} requests=${requests}` + (concurrency < requests ? ` concurrency=${concurrency}` : '');
}

// Names end up in tables and CSV cells: printable, short, one line.
function nameParam(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !/^[\x20-\x7e]{1,64}$/.test(raw) || raw.trim() !== raw) {
    throw new ScenarioNameError(raw);
  }
  return raw;
}
