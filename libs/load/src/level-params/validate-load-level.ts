import type { LoadLimits } from '@app/config';
import type { ShapeName } from '@app/shapes';
import { integerParam as integer, ScenarioValidationError, shapeParam, type TransportKind } from '@app/bench';
import { servedTransports, TARGET_KINDS, type TargetKind } from './load-target';
import { DEFAULT_LOAD_ENGINE, LOAD_ENGINE_INFO, LOAD_ENGINES, type LoadEngine } from './load-engines';

export { LOAD_ENGINES, type LoadEngine } from './load-engines';

export { TARGET_KINDS, type TargetKind } from './load-target';

/**
 * The families load mode drives: JSON (HTTP/1.1 GETs) and the Connect protocol (HTTP/1.1 POSTs of a binary message)
 * through autocannon, gRPC (the HTTP/2 generator, ghz) whether grpc-js or connect-es serves it.
 */
export const LOAD_TRANSPORT_KINDS: readonly TransportKind[] = ['json', 'grpc', 'connect'];
/**
 * The transports autocannon drives over HTTP/1.1 keep-alive sockets: one socket per caller by default, callers spread
 * evenly.
 */
const HTTP1_LOAD_TRANSPORTS: readonly TransportKind[] = ['json', 'connect'];
/** How the engines' errors name the families. */
const FAMILY_WORDS: Record<TransportKind, string> = { json: 'JSON', grpc: 'gRPC', connect: 'Connect' };

/** One load level's raw parameters, as they arrive from a URL or a command line: strings, numbers or absent. */
export interface LoadLevelInput {
  transport?: unknown;
  target?: unknown;
  concurrency?: unknown;
  connections?: unknown;
  duration?: unknown;
  warmup?: unknown;
  requests?: unknown;
  rows?: unknown;
  rate?: unknown;
  timeout?: unknown;
  generators?: unknown;
  engine?: unknown;
  /** A shape's name (@app/shapes); absent: `row`. */
  shape?: unknown;
}

/**
 * What differs between callers when a parameter is absent (the CLI sweeps long levels, the endpoint runs short ones).
 */
export interface LoadLevelDefaults {
  concurrency: number;
  durationS: number;
  warmupS: number;
  timeoutMs: number;
}

/** `npm run load` sweeps long levels; GET /client/load runs one short one. */
export const LOAD_DEFAULTS = {
  cli: { concurrency: 10, durationS: 10, warmupS: 2, timeoutMs: 10_000 },
  endpoint: { concurrency: 10, durationS: 2, warmupS: 1, timeoutMs: 10_000 },
} as const satisfies Record<string, LoadLevelDefaults>;

/** A checked load level, before it is pointed at an address. */
export interface LoadLevelParams {
  transport: TransportKind;
  /**
   * nest: the Nest servers; fastify: the Nest JSON server on Fastify; bare: node:http / plain grpc-js reference
   * servers.
   */
  targetKind: TargetKind;
  rows: number;
  /** Callers with a request in flight (closed loop), or the in-flight cap (open loop). */
  concurrency: number;
  /** Sockets (HTTP) or channels (gRPC) the callers share. */
  connections: number;
  /** Measured window; ignored when `requests` is set. */
  durationMs: number;
  /** Count mode: stop after this many measured requests. */
  requests?: number;
  /** Run first and discarded. */
  warmupMs: number;
  /** Open loop: requests per second on a fixed schedule; latency counts from each request's intended send time. */
  rate?: number;
  timeoutMs: number;
  /** Generator processes sharing the callers, connections, rate and request count. */
  generators: number;
  engine: LoadEngine;
  /** The message shape every reply carries (@app/shapes); `row`, the article's, unless one was named. */
  shape: ShapeName;
}

/**
 * The one place load parameters meet their limits (from config), for `npm run load` and GET /client/load alike,
 * with the same error as validateScenario. Checks the combinations too: HTTP callers spread evenly over sockets
 * (autocannon pipelines concurrency / connections per socket), never more sockets than callers, generators that
 * each get a whole share.
 */
export function validateLoadLevel(
  input: LoadLevelInput,
  limits: LoadLimits,
  maxRows: number,
  defaults: LoadLevelDefaults,
): LoadLevelParams {
  const targetKind = oneOf('target', input.target, TARGET_KINDS, 'nest');
  // Absent, the transport is the target's first (json for the Nest and bare servers, the Connect protocol for connect).
  const transport = oneOf('transport', input.transport, LOAD_TRANSPORT_KINDS, servedTransports(targetKind)[0]);
  const shape = shapeParam(input.shape);
  if (!servedTransports(targetKind).includes(transport)) {
    const servers = TARGET_KINDS.filter((t) => servedTransports(t).includes(transport));
    throw new ScenarioValidationError(
      'target',
      { values: servers },
      `target ${targetKind} serves transport ` +
        `${servedTransports(targetKind).join(
          ', ',
        )} only; transport ${transport} is served by target ${servers.join(', ')}`,
      input.target,
    );
  }
  const http1 = HTTP1_LOAD_TRANSPORTS.includes(transport);
  const concurrency = integer('concurrency', input.concurrency, defaults.concurrency, 1, limits.maxConcurrency);
  const connections = integer(
    'connections',
    input.connections,
    http1 ? concurrency : 1,
    1,
    Math.min(concurrency, limits.maxConnections),
  );
  const rate = optionalInteger('rate', input.rate, 1, limits.maxRate);
  const requests = optionalInteger('requests', input.requests, 1, limits.maxRequests);
  if (requests !== undefined && input.duration !== undefined) {
    throw new ScenarioValidationError(
      'duration',
      { parameters: ['duration', 'requests'], maxCount: 1 },
      'duration and requests are alternatives: give one',
      input.duration,
    );
  }
  const generators = integer('generators', input.generators, 1, 1, limits.maxGenerators);
  if (generators > concurrency) {
    throw new ScenarioValidationError(
      'generators',
      { min: 1, max: concurrency },
      `${generators} generators need at least ${generators} callers, got concurrency ${concurrency}`,
      input.generators,
    );
  }
  // Each generator opens its share of the sockets in its own process, within the open-files limit it inherits.
  const perGenerator = Math.ceil(connections / generators);
  if (perGenerator > limits.maxGeneratorSockets) {
    const needed = Math.ceil(connections / limits.maxGeneratorSockets);
    throw new ScenarioValidationError(
      'connections',
      { min: 1, max: limits.maxGeneratorSockets * generators },
      `${connections} connections ` +
        `over ${generators} generator ` +
        `process${generators === 1 ? '' : 'es'} is ${perGenerator} sockets each, more than one may open ` +
        `(${limits.maxGeneratorSockets}, from the open-files limit): use ` +
        `generators=${needed} or more, fewer connections, or raise ulimit -n`,
      input.connections ?? connections,
    );
  }
  const engine = oneOf('engine', input.engine, LOAD_ENGINES, DEFAULT_LOAD_ENGINE);
  requireEngineFits(engine, { transport, targetKind, openLoop: rate !== undefined }, input.engine);
  const level: LoadLevelParams = {
    transport,
    targetKind,
    rows: integer('rows', input.rows, 1, 1, maxRows),
    concurrency,
    connections,
    durationMs: integer('duration', input.duration, defaults.durationS, 1, limits.maxDurationS) * 1000,
    requests,
    warmupMs: integer('warmup', input.warmup, defaults.warmupS, 0, limits.maxWarmupS) * 1000,
    rate,
    timeoutMs: integer('timeout', input.timeout, defaults.timeoutMs, 1, limits.maxTimeoutMs),
    generators,
    engine,
    shape,
  };
  // autocannon's closed loop pipelines concurrency / connections requests per socket, h2load keeps as many streams
  // open on each of its connections, and each generator runs its own share.
  const even = (http1 && rate === undefined) || LOAD_ENGINE_INFO[engine].evenStreams === true;
  if (even && (concurrency % connections !== 0 || concurrency % generators !== 0 || connections % generators !== 0)) {
    throw new ScenarioValidationError(
      'connections',
      { min: 1, max: concurrency },
      `${http1 ? 'HTTP' : `engine ${engine}:`} concurrency ${concurrency} is not a multiple of connections ` +
        `${connections}` +
        (generators > 1 ? `, or they are not both multiples of generators ${generators}` : '') +
        ': callers are spread evenly over sockets and generators',
      input.connections ?? connections,
    );
  }
  return level;
}

function oneOf<T extends string>(name: string, raw: unknown, allowed: readonly T[], fallback: T): T {
  if (raw === undefined || raw === null) return fallback;
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  throw new ScenarioValidationError(
    name,
    { values: allowed },
    `${name} must be one of ${allowed.join(', ')}, got ${JSON.stringify(raw)}`,
    raw,
  );
}

function optionalInteger(name: string, raw: unknown, min: number, max: number): number | undefined {
  return raw === undefined || raw === null ? undefined : integer(name, raw, min, min, max);
}

/** What a level asks of its engine. */
interface EngineAsk {
  transport: TransportKind;
  targetKind: TargetKind;
  openLoop: boolean;
}

/** Whether `engine` can run the level, from its registry entry (LOAD_ENGINE_INFO). */
function engineFits(engine: LoadEngine, ask: EngineAsk): boolean {
  const info = LOAD_ENGINE_INFO[engine];
  return (
    (info.transports ?? LOAD_TRANSPORT_KINDS).includes(ask.transport) &&
    (info.openLoop || !ask.openLoop) &&
    (info.targets ?? TARGET_KINDS).includes(ask.targetKind)
  );
}

/** A level its engine cannot run is refused naming what the engine does and the engines that would. */
function requireEngineFits(engine: LoadEngine, ask: EngineAsk, raw: unknown): void {
  if (engineFits(engine, ask)) return;
  const info = LOAD_ENGINE_INFO[engine];
  const others = LOAD_ENGINES.filter((e) => engineFits(e, ask));
  const instead = `needs engine ${others.join(' or ')}`;
  const transports = info.transports ?? LOAD_TRANSPORT_KINDS;
  if (!transports.includes(ask.transport) || (ask.openLoop && !info.openLoop)) {
    const drives = `${transports.map((t) => FAMILY_WORDS[t]).join(', ')}${info.openLoop ? '' : ' closed loops'}`;
    const what = transports.includes(ask.transport) ? 'rate (an open loop)' : `transport ${ask.transport}`;
    throw new ScenarioValidationError(
      'engine',
      { values: others },
      `engine ${engine} drives ${drives} only; ${what} ${instead}`,
      raw,
    );
  }
  const targets = info.targets ?? TARGET_KINDS;
  throw new ScenarioValidationError(
    'engine',
    { values: others },
    `engine ${engine} loads target ${targets.join(', ')} only; target ${ask.targetKind} ${instead}`,
    raw,
  );
}
