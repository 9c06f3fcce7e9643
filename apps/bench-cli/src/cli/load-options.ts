import { FORMATS } from '@app/printers';
import { availableParallelism } from 'node:os';
import { DEFAULT_DISTURBED_ABOVE, TargetKind, TransportKind, variantNamed, VARIANTS } from '@app/bench';
import {
  defaultSweep,
  defaultSweepText,
  DEFAULT_LOAD_ENGINE,
  outsideProgram,
  LOAD_ENGINES,
  LOAD_VARIANTS,
  LoadEngine,
  LoadVariantName,
  TARGET_KINDS,
  LOAD_TRANSPORT_KINDS,
} from '@app/load';
import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';
import { parseNetworks } from './parse-networks';
import { parseHosts } from './parse-hosts';
import { cores, shapesOption } from './options';
import { shapeNames, type ShapeName } from '@app/shapes';
import { parseRuntimeOptions, type RuntimeAxisOptions } from './runtime-options';

/**
 * The command line, parsed but not yet checked against limits: lists are split, the per-level values stay as given
 * so that validateLoadLevel (the same check GET /client/load uses) judges each level.
 */
export interface LoadOptions {
  transports: TransportKind[];
  targets: TargetKind[];
  /** Instead of transports x targets: the variants whose servers to load (LOAD_VARIANTS). */
  variants?: LoadVariantName[];
  engines: LoadEngine[];
  /**
   * --shapes: the message shapes every level runs with, in order (default: row, the article's); the bench's parsing.
   */
  shapes: ShapeName[];
  /** Raw per-level values: one level per concurrency x target x transport. */
  concurrency: string[];
  connections?: string;
  duration?: string;
  warmup?: string;
  requests?: string;
  rows?: string;
  rate?: string;
  timeout?: string;
  generators?: string;
  /** --disturbed-above: other processes' CPU, in cores, above which a level is marked disturbed (0.2 by default). */
  disturbedAbove: number;
  workers?: number;
  out?: string;
  formats: string[];
  label: string | null;
  /** --network: the profiles each level runs under, in order; absent = as the servers are. */
  networks?: string[];
  /**
   * --hosts: local (the servers as configured, started here when not running) or netns (a second host, see
   * netns-hosts.ts).
   */
  hosts: 'local' | 'netns' | 'swarm';
  /** --hosts swarm: --per-node K, at most K of a level's generator tasks on one node; absent: as swarm spreads them. */
  perNode?: number;
  /** --hosts swarm: --image, the workbench image the tasks run; absent: WIREBENCH_IMAGE's. */
  image?: string;
  /** --hosts swarm --swarm-servers: the servers as swarm services too, placed by these constraints (none: anywhere). */
  swarmServers: { constraints: string[] } | null;
  /** --hosts swarm --generator-constraint: where the generator tasks may run (none: any node). */
  generatorConstraints?: string[];
  /**
   * --node / --server-node / --client-node (--offline): the runtimes the servers and the generators are started on,
   * one block of all levels each per round (see runtime-blocks.ts); null without them: this process's node.
   */
  runtimes: RuntimeAxisOptions | null;
  /** --rounds: how many times each runtime's block runs, in rotating order; 1 without a runtime axis. */
  rounds: number;
  help: boolean;
}

// The default sweep is sized to this machine: generator and servers share its cores (load/default-sweep.ts).
const CORES = availableParallelism();

export const LOAD_HELP = `Usage: npm run load -- [options]

Sustained load at several concurrency levels: HTTP (JSON, Connect) through autocannon, gRPC through the project's own
generator,
which writes the HTTP/2 frames itself (same closed loop, warm-up, histogram and result), each level in a
load-generator process of its own. Starts the
servers it needs if they are not running. Writes bench-results/<UTC time>-load/ (levels.csv, result.json, summary.md).

Options:
  --transport LIST     json,grpc,connect (the Connect protocol: binary POSTs over HTTP/1.1)   (default: all
                       that each target serves)
  --target LIST        nest,fastify,bare,connect,connect-bare,go: the Nest servers, the Nest JSON server on Fastify
                       (JSON only), the bare node:http / grpc-js ones, the Nest apps' Connect routes (connect: the
                       Connect protocol on the Express app, gRPC on the h2c app), the bare Connect server (both
                       protocols) and/or the Go reference servers (json, grpc; npm run setup:go-servers builds
                       them)   (default: nest)
  --variants LIST      instead of --transport/--target: ${Object.keys(LOAD_VARIANTS).join(', ')} (the variants that
                       differ in their server; the client side is the load generator, so client-library variants do
                       not apply)
  --shapes LIST        message shapes every level runs with: any of ${shapeNames().join(', ')}; each level runs once
                       per shape, its replies checked for that shape (see docs/shapes.md)   (default: row)
  --engine LIST        ${LOAD_ENGINES.join(',')}: the project's generators, ghz (Go) and/or h2load (C), the
                       last two gRPC closed loops only, found on this machine: cross-checks and a ceiling for the
                       project's generator (see docs/load.md)   (default: wirebench)
  --concurrency LIST   callers in flight per level   (default: ${defaultSweepText(CORES)})
  --connections N      sockets (HTTP) or channels (gRPC) shared by the callers (default: one socket per caller for
                       HTTP, 1 channel for gRPC)
  --duration S         measured seconds per level   (default: 10)
  --warmup S           seconds of load before each level's window, not counted   (default: 2)
  --requests N         instead of a duration: N measured requests per level
  --rows N             rows per response   (default: 1)
  --rate R             open loop: R requests/s on a fixed schedule; latency from each intended send time
  --timeout MS         per request   (default: 10000)
  --workers N          processes per server when this run starts the servers (SERVER_WORKERS)
  --generators N       load-generator processes per level, sharing its callers, connections and rate   (default: 1)
  --disturbed-above C  a level beside which other processes used more than C cores is marked disturbed (levels.csv
                       foreign_cpu_cores, disturbed; docs/statistics.md, Noise)   (default: ${DEFAULT_DISTURBED_ABOVE})
  --out DIR            parent folder of the run's files   (default: RESULTS_DIR or ./bench-results)
  --format LIST        table,csv,json,md on stdout   (default: table)
  --network LIST       run every level under each of these network profiles (network-profiles.json), the load
                       sent through Toxiproxy and the path calibrated before each level (default: none: loopback)
  --hosts local|netns  netns (Linux, root): the servers this run loads in a network namespace of their own, joined to
                       this one by a veth pair (MTU 1500), created and removed by this run; the load generators stay
                       here. --network profiles then go on that link: bandwidth tc tbf, latency netem, or Toxiproxy
                       without netem   (default: local)
  --hosts swarm        each level's --generators shares as one Docker Swarm replicated job of the workbench image
                       (host network; tasks spread over the swarm's nodes; results read back through docker service
                       logs; the job removed afterwards, also on Ctrl-C). The servers stay as with local: their
                       addresses must be reachable from every node (see docs/swarm-load.md)
  --per-node K         with --hosts swarm: at most K of a level's generator tasks on one node
  --image IMG          with --hosts swarm: the image the tasks run   (default: WIREBENCH_IMAGE or wirebench:local)
  --swarm-servers      with --hosts swarm: the servers this run loads as Swarm services of the image too (one
                       replica each, host network, never restarted), loaded at their node's address, removed at
                       the end and on Ctrl-C; levels.csv's server_node says where each ran
  --server-constraint LIST
                       with --swarm-servers: Swarm placement constraints for the servers, e.g. node.hostname==db1
                       or node.labels.role==servers (comma list; --server-node is the servers' Node version)
  --generator-constraint LIST
                       with --hosts swarm: Swarm placement constraints for the generator tasks, e.g.
                       node.role==worker, to keep the load off the servers' node (comma list)
  --node LIST          run every level on each of these Node runtimes: the servers this run loads and the load
                       generators started on it, one block each (a major (22), an exact version (22.11.0), a path
                       to a node binary, or current); each level is named <level>@node<version>; the servers must
                       not be running already; ghz levels run too, ghz being Go (see docs/load.md)
  --server-node LIST   instead of --node: the servers on these runtimes, the generators on --client-node's (one
  --client-node LIST   side a list, the other one runtime; the side not given is current)
  --offline            never fetch a runtime: one missing from the cache is refused (npm run setup:node)
  --rounds N           with a runtime axis: run each runtime's block N times, in an order that rotates   (default: 1)
  --label TEXT         kept with the run
  --help               this text

A level whose only failures are timeouts while this machine was at its limit (the generator at >= 80% of its core,
or generator and server at >= 80% of all cores) measured the machine, not the server: the sweep runs no level of
higher concurrency, says where it stopped and why, and that is no failure when a level below it succeeded.

Exit codes: 0 completed, 1 failed (a level failed, said as "failed: why"), 2 bad options or another program at a
server's address, 130 interrupted.`;

// Processes per server are a server setting (SERVER_WORKERS), not a load level's: its range is the config's.
const MAX_WORKERS = 64;
// As MAX_LOAD_GENERATORS' own bound: more tasks per node than a level can have says nothing.
const MAX_PER_NODE = 256;
// Each round runs every level on every runtime again: ten already make hours of a default sweep.
const MAX_ROUNDS = 10;

function int(name: string, raw: string, min: number, max: number): number {
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return Number(raw);
}

function list(name: string, raw: string, allowed?: readonly string[]): string[] {
  const items = raw.split(',').map((s) => s.trim());
  if (
    items.some((i) => i === '') ||
    new Set(items).size !== items.length ||
    (allowed && items.some((i) => !allowed.includes(i)))
  ) {
    throw new UsageError(
      `--${name} must be a comma list${allowed ? ` of ${allowed.join(', ')}` : ''} without repeats, got "${raw}"`,
    );
  }
  return items;
}

export function parseLoadOptions(argv: string[]): LoadOptions {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {
    help: { type: 'boolean', short: 'h' },
  };
  for (const k of [
    'transport',
    'target',
    'variants',
    'shapes',
    'engine',
    'concurrency',
    'connections',
    'duration',
    'warmup',
    'requests',
    'rows',
    'rate',
    'timeout',
    'workers',
    'generators',
    'disturbed-above',
    'out',
    'format',
    'label',
    'network',
    'hosts',
    'per-node',
    'image',
    'server-constraint',
    'generator-constraint',
  ]) {
    options[k] = { type: 'string' };
  }
  options['swarm-servers'] = { type: 'boolean' };
  for (const k of ['node', 'server-node', 'client-node', 'rounds']) options[k] = { type: 'string' };
  options.offline = { type: 'boolean' };
  const { values } = strictArgs(argv, options);
  const s = (k: string) => values[k] as string | undefined;
  const label = s('label') ?? null;
  const variants = s('variants') === undefined ? undefined : loadVariants(s('variants')!);
  if (variants && (s('transport') !== undefined || s('target') !== undefined))
    throw new UsageError('--variants replaces --transport and --target: give one or the other');
  if (label !== null && (label.length > 200 || /[\x00-\x1f]/.test(label)))
    throw new UsageError('--label must be one line of at most 200 characters');
  const engines = list('engine', s('engine') ?? DEFAULT_LOAD_ENGINE, LOAD_ENGINES) as LoadEngine[];
  const hosts = parseHosts(s('hosts'), true);
  if (hosts !== 'swarm')
    for (const k of ['per-node', 'image', 'generator-constraint'])
      if (s(k) !== undefined)
        throw new UsageError(`--${k} places the generators of --hosts swarm: give it with --hosts swarm`);
  const swarmServers = parseSwarmServers(values['swarm-servers'] === true, s('server-constraint'), hosts);
  if (hosts === 'swarm')
    requireSwarmFits({
      engines,
      networks: s('network'),
      runtimeAxis: ['node', 'server-node', 'client-node'].some((k) => s(k) !== undefined),
    });
  const runtimes = parseRuntimeOptions({
    node: s('node'),
    serverNode: s('server-node'),
    clientNode: s('client-node'),
    offline: values.offline === true,
  });
  requireRuntimeAxisFits(runtimes, { engines, hosts, clientNodeGiven: s('client-node') !== undefined });
  if (s('rounds') !== undefined && !runtimes)
    throw new UsageError('--rounds repeats the runtime blocks: give it with --node, --server-node or --client-node');
  return {
    transports: list(
      'transport',
      s('transport') ?? LOAD_TRANSPORT_KINDS.join(','),
      LOAD_TRANSPORT_KINDS,
    ) as TransportKind[],
    targets: list('target', s('target') ?? 'nest', TARGET_KINDS) as TargetKind[],
    variants,
    engines,
    shapes: shapesOption(s('shapes'), false),
    concurrency: list('concurrency', s('concurrency') ?? defaultSweep(CORES).join(',')),
    connections: s('connections'),
    duration: s('duration'),
    warmup: s('warmup'),
    requests: s('requests'),
    rows: s('rows'),
    rate: s('rate'),
    timeout: s('timeout'),
    generators: s('generators'),
    disturbedAbove: cores('disturbed-above', s('disturbed-above') ?? String(DEFAULT_DISTURBED_ABOVE)),
    workers: s('workers') === undefined ? undefined : int('workers', s('workers')!, 1, MAX_WORKERS),
    out: s('out'),
    formats: list('format', s('format') ?? 'table', FORMATS),
    label,
    networks: parseNetworks(s('network')),
    hosts,
    perNode: s('per-node') === undefined ? undefined : int('per-node', s('per-node')!, 1, MAX_PER_NODE),
    image: s('image'),
    swarmServers,
    ...(s('generator-constraint') === undefined
      ? {}
      : { generatorConstraints: placementConstraints('generator-constraint', s('generator-constraint')!) }),
    runtimes,
    // One round by default, unlike the bench's two: a level is seconds of load, not a few timed runs, so one block per
    // runtime already spans minutes, and a second doubles a sweep that is long to begin with. --rounds 2 rotates the
    // order for those who want drift over the run kept off the runtime.
    rounds: s('rounds') === undefined ? 1 : int('rounds', s('rounds')!, 1, MAX_ROUNDS),
    help: values.help === true,
  };
}

/**
 * The runtime axis with what else was asked: the netns hosts start their own servers on this node (starting them on
 * other runtimes is not built), and ghz, a Go program, runs on no node, so a client runtime given for ghz levels alone
 * would name something that did not run.
 */
function requireRuntimeAxisFits(
  runtimes: RuntimeAxisOptions | null,
  asked: { engines: LoadEngine[]; hosts: LoadOptions['hosts']; clientNodeGiven: boolean },
): void {
  if (!runtimes) return;
  if (asked.hosts === 'netns')
    throw new UsageError(
      '--hosts netns starts the servers on this node: give --node / --server-node / --client-node without it',
    );
  const outside = asked.engines.map((e) => [e, outsideProgram(e)] as const);
  if (asked.clientNodeGiven && outside.every(([, program]) => program !== null)) {
    const [engine, program] = outside[0];
    throw new UsageError(
      `--client-node: the ${engine} engine is a ` +
        `${program!.language} program, it runs on no node; add --engine ` +
        `${DEFAULT_LOAD_ENGINE}, or give --server-node alone`,
    );
  }
}

/**
 * --hosts swarm with what else was asked: the tasks run the image's node (there is no runtime axis in a task), the
 * image carries no ghz or h2load (outside programs, found on this machine's PATH), and a --network profile's shaping
 * proxy listens on this machine's loopback, which a task on another node cannot reach.
 */
function requireSwarmFits(asked: { engines: LoadEngine[]; networks: string | undefined; runtimeAxis: boolean }): void {
  if (asked.runtimeAxis)
    throw new UsageError(
      "--hosts swarm: the generator tasks run the image's Node; give --node / --server-node / --client-node without it",
    );
  for (const engine of asked.engines) {
    const program = outsideProgram(engine);
    if (program)
      throw new UsageError(
        `--hosts swarm: the workbench image has no ` +
          `${engine} (a ${program.language} program found on this machine); use --engine ${DEFAULT_LOAD_ENGINE}`,
      );
  }
  if (asked.networks !== undefined)
    throw new UsageError(
      "--hosts swarm: --network's shaping proxy listens on this machine's loopback, which tasks on other " +
        'nodes cannot reach; give it without --hosts swarm',
    );
}

/** Load-mode variants: known, each once, and ones whose server differs (the client is the load generator). */
function loadVariants(raw: string): LoadVariantName[] {
  const valid = Object.keys(LOAD_VARIANTS);
  const items = list('variants', raw);
  for (const v of items) {
    const variant = variantNamed(v);
    if (variant !== null && valid.includes(variant)) continue;
    const why =
      variant !== null
        ? `${v} changes ${
            VARIANTS[variant].factor === 'client library'
              ? 'the client library, which load mode replaces with its own generator'
              : `the ${VARIANTS[variant].factor}, which the load generators do not drive`
          }`
        : `${v} is not a variant`;
    throw new UsageError(`--variants: ${why}; load mode takes ${valid.join(', ')}`);
  }
  return items.map(variantNamed) as LoadVariantName[];
}

/**
 * --swarm-servers / --server-constraint: only with --hosts swarm (they place services on its swarm). A constraint
 * alone implies --swarm-servers.
 */
function parseSwarmServers(
  asked: boolean,
  constraint: string | undefined,
  hosts: LoadOptions['hosts'],
): LoadOptions['swarmServers'] {
  if (!asked && constraint === undefined) return null;
  if (hosts !== 'swarm')
    throw new UsageError(
      `--${asked ? 'swarm-servers' : 'server-constraint'} places the servers on the swarm of --hosts swarm: ` +
        `give it with --hosts swarm`,
    );
  return { constraints: constraint === undefined ? [] : placementConstraints('server-constraint', constraint) };
}

/**
 * A comma list of swarm's `attribute==value` or `attribute!=value`, checked here so a typo is one line, not a service
 * that never runs.
 */
function placementConstraints(flag: string, value: string): string[] {
  const constraints = list(flag, value);
  const bad = constraints.find((c) => !/^[A-Za-z][\w.-]*\s*(==|!=)\s*[^\s=!]+$/.test(c));
  if (bad !== undefined)
    throw new UsageError(
      `--${flag}: "${bad}" is not a Swarm placement constraint such as node.hostname==db1 or ` +
        `node.labels.role!=load`,
    );
  return constraints;
}
