import { VARIANT_NAMES, VARIANTS, VariantInfo } from '@app/bench';
import { DEFAULT_SHAPE, getShape, shapeNames } from '@app/shapes';
import type { WirebenchConfig } from '@app/config';
import { ENDPOINT_PARAMETERS, EndpointKind } from '../bench/endpoint-parameters';

/** One route as declared here: the only list of the client app's routes that people read (GET /client and GET /). */
interface EndpointDeclaration {
  method: 'GET';
  path: string;
  /** The article's names for the same handler. */
  aliases?: string[];
  summary: string;
  /** Whose query parameters it takes (endpoint-parameters.ts); none when absent. */
  query?: EndpointKind;
  /** Path and query of a call that works on a default stack; SAVED_FILE: a file of a saved run, when there is one. */
  example: string | typeof SAVED_FILE;
}

/** The example of an endpoint that serves saved files: one that exists, or none (a 404 is no example). */
export const SAVED_FILE = Symbol('a saved file');

export const ENDPOINT_DECLARATIONS: readonly EndpointDeclaration[] = [
  { method: 'GET', path: '/', summary: 'this page: endpoints, one comparison in a form, saved runs', example: '/' },
  {
    method: 'GET',
    path: '/client',
    summary: 'this list as JSON, with example URLs and the limits in force',
    example: '/client',
  },
  {
    method: 'GET',
    path: '/client/json/single/:rows',
    aliases: ['/client/call-a/:rows'],
    summary: 'one JSON request for rows rows',
    query: 'single',
    example: '/client/json/single/10000?runs=3',
  },
  {
    method: 'GET',
    path: '/client/grpc/single/:rows',
    aliases: ['/client/call-b/:rows'],
    summary: 'one gRPC call for rows rows',
    query: 'single',
    example: '/client/grpc/single/10000?runs=3',
  },
  {
    method: 'GET',
    path: '/client/json/parallel/:requests',
    aliases: ['/client/call-a-parallel/:requests'],
    summary: 'requests JSON requests of ?rows= rows, all issued at once unless ?concurrency= caps them',
    query: 'parallel',
    example: '/client/json/parallel/10?rows=1000&runs=3',
  },
  {
    method: 'GET',
    path: '/client/grpc/parallel/:requests',
    aliases: ['/client/call-b-parallel/:requests'],
    summary: 'the same over gRPC',
    query: 'parallel',
    example: '/client/grpc/parallel/10?rows=1000&runs=3',
  },
  {
    method: 'GET',
    path: '/client/compare',
    summary: 'JSON and gRPC, or ?variants=a,b,... side by side with the same parameters, runs interleaved, with ratios',
    query: 'compare',
    example: '/client/compare?variants=json,grpc&rows=10000&runs=3',
  },
  {
    method: 'GET',
    path: '/client/bench',
    summary: 'the general form npm run bench uses: any transports or variants, either mode',
    query: 'bench',
    example: '/client/bench?transports=json,grpc&rows=1000&requests=10&runs=3',
  },
  {
    method: 'GET',
    path: '/client/load',
    summary: 'one short load level, validated and generated as npm run load does',
    query: 'load',
    example: '/client/load?transport=grpc&concurrency=10&duration=2',
  },
  {
    method: 'GET',
    path: '/client/results',
    summary: 'every saved run under RESULTS_DIR, newest first, with links to its files',
    example: '/client/results',
  },
  {
    method: 'GET',
    path: '/client/results/:id/:file',
    summary: 'one file of a saved run: report.html opens in the browser, the others download',
    example: SAVED_FILE,
  },
  {
    method: 'GET',
    path: '/client/progress',
    summary:
      'the measurement calls running now, each with its run, rows so far and time; the page polls it while it waits',
    example: '/client/progress',
  },
  {
    method: 'GET',
    path: '/assets/chart.umd.min.js',
    summary: "the chart library this page draws with, from the app's own node_modules",
    example: '/assets/chart.umd.min.js',
  },
  { method: 'GET', path: '/assets/page.js', summary: "this page's script", example: '/assets/page.js' },
];

export interface EndpointIndexEntry {
  method: 'GET';
  path: string;
  aliases: string[];
  summary: string;
  pathParameters: string[];
  queryParameters: readonly string[];
  /** Null when no call would work yet: `exampleNote` says what would make one. */
  exampleUrl: string | null;
  exampleNote: string | null;
}

/** Inclusive bounds of the numeric parameters, for form hints; the API's validation stays the judge. */
export type ParameterRanges = Record<
  'rows' | 'requests' | 'concurrency' | 'runs' | 'warmup' | 'chunk',
  { min: number; max: number }
>;

export interface EndpointIndex {
  endpoints: EndpointIndexEntry[];
  ranges: ParameterRanges;
  variants: (VariantInfo & { name: string })[];
  /** The message shapes (@app/shapes' registry), in its order, for the page's select and any other client. */
  shapes: ShapeEntry[];
}

/** One message shape as the index lists it. */
export interface ShapeEntry {
  name: string;
  description: string;
  /** The shape a call gets without `?shape=` (the article's row). */
  isDefault: boolean;
}

/** Why the saved-file endpoint has no example yet. */
export const NO_SAVED_FILE = 'none until a run is saved (npm run bench, or ?save=1)';

/**
 * The endpoints with example URLs on the configured client address, the limits in force and the variants.
 * `savedFile` is the path of a saved run's file (ResultsService.newestFile), or null when nothing is saved.
 */
export function endpointIndex(config: WirebenchConfig, savedFile: string | null): EndpointIndex {
  const base = config.targets.clientUrl.replace(/\/$/, '');
  const { limits } = config;
  return {
    endpoints: ENDPOINT_DECLARATIONS.map((e) => {
      const example = e.example === SAVED_FILE ? savedFile : e.example;
      return {
        method: e.method,
        path: e.path,
        aliases: e.aliases ?? [],
        summary: e.summary,
        pathParameters: [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]),
        queryParameters: e.query ? ENDPOINT_PARAMETERS[e.query] : [],
        exampleUrl: example === null ? null : base + example,
        exampleNote: example === null ? NO_SAVED_FILE : null,
      };
    }),
    // The bounds validateScenario applies; rows above maxRows are for the streaming variants only.
    ranges: {
      rows: { min: 1, max: limits.maxStreamRows },
      requests: { min: 1, max: limits.maxRequests },
      concurrency: { min: 1, max: limits.maxConcurrency },
      runs: { min: 1, max: limits.maxRuns },
      warmup: { min: 0, max: limits.maxWarmup },
      chunk: { min: 1, max: limits.maxRows },
    },
    variants: VARIANT_NAMES.map((name) => ({ name, ...VARIANTS[name] })),
    shapes: shapeNames().map((name) => ({
      name,
      description: getShape(name).description,
      isDefault: name === DEFAULT_SHAPE,
    })),
  };
}
