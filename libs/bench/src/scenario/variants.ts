import { ScenarioValidationError } from './scenario-validation.error';

/** The transport families the engine times; each has variants below that change one factor. */
export type TransportKind = 'json' | 'grpc';
export const TRANSPORT_KINDS: readonly TransportKind[] = ['json', 'grpc'];

/** A named client+server path of one transport family, and the one factor it changes from its baseline. */
export interface VariantInfo {
  family: TransportKind;
  /** The variant it differs from in exactly one factor; null for the two baselines. */
  baseline: string | null;
  /** What it changes, for tables and the README. */
  changes: string;
}

/**
 * Every variant the engine can time. `json` and `grpc` are the article's two paths (Nest + Express + axios,
 * Nest ClientGrpc) and stay the defaults, so a result without a variant means what it always meant.
 */
export const VARIANTS = {
  json: { family: 'json', baseline: null, changes: 'baseline: Nest JSON server (Express), client Nest HttpService (axios + rxjs)' },
  grpc: { family: 'grpc', baseline: null, changes: 'baseline: Nest gRPC server, client Nest ClientGrpc (grpc-js + rxjs)' },
  'json-undici': { family: 'json', baseline: 'json', changes: 'client library: undici instead of axios + rxjs (same server)' },
  'grpc-bare': { family: 'grpc', baseline: 'grpc', changes: 'client library: a plain @grpc/grpc-js client instead of Nest ClientGrpc + rxjs (same server)' },
} as const satisfies Record<string, VariantInfo>;

export type VariantName = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as VariantName[];

export function isVariant(name: unknown): name is VariantName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(VARIANTS, name);
}

/**
 * A comma list of variants, each known, none twice, optionally all of one family (an endpoint under /client/json
 * times JSON variants only). The same 400 / usage error as every other parameter.
 */
export function parseVariants(parameter: string, raw: unknown, family?: TransportKind): VariantName[] {
  const allowed = VARIANT_NAMES.filter((v) => family === undefined || VARIANTS[v].family === family);
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : [];
  if (list.length === 0 || list.some((v) => !(allowed as string[]).includes(v)) || new Set(list).size !== list.length) {
    const what = family ? `${family} variants` : 'variants';
    throw new ScenarioValidationError(parameter, { values: allowed }, `${parameter} must be a comma list of ${what} (${allowed.join(', ')}), each once, got ${JSON.stringify(raw)}`, raw);
  }
  return list as VariantName[];
}
