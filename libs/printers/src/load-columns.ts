import type { LoadLevelResult } from '@app/load';
import type { LoadRun } from '@app/load';
import type { CsvValue } from './csv-cell';
import { human } from './table-columns';
import { levelShape, shapeTag, loadVariantOf } from '@app/load';

/** A column of levels.csv; `table` marks the ones the terminal table and markdown show, with their heading. */
export interface LoadColumn {
  name: string;
  unit: string;
  description: string;
  value: (level: LoadLevelResult, run: LoadRun) => CsvValue;
  /** onlyWhenSet: shown only when some level of the run has a value there (runtime: only runs with a runtime axis). */
  table?: { head: string; cell: (level: LoadLevelResult) => string; onlyWhenSet?: boolean };
}

const MB = 1_000_000;

export const LOAD_COLUMNS: LoadColumn[] = [
  {
    name: 'run_id',
    unit: 'text',
    description: 'Load run folder name: UTC start timestamp and "load".',
    value: (_l, r) => r.id,
  },
  {
    name: 'label',
    unit: 'text',
    description: 'Free-text label given to the run; empty when none was given.',
    value: (_l, r) => r.label,
  },
  {
    name: 'transport',
    unit: 'text',
    description:
      'json (HTTP/1.1 GETs, autocannon or node:http), connect (the Connect protocol: binary POSTs over ' +
      'HTTP/1.1, the same generators) or grpc (HTTP/2 frames written by wirebench itself, ghz or h2load; from ' +
      'grpc-js or connect-es).',
    value: (l) => l.transport,
    table: { head: 'transport', cell: (l) => l.transport },
  },
  {
    name: 'target_kind',
    unit: 'text',
    description:
      'Which servers: nest (the Nest servers), fastify (the Nest JSON server on Fastify), bare (the node:http ' +
      "/ plain grpc-js reference servers), connect (the Nest apps' Connect routes) or connect-bare (the bare " +
      'Connect server); the address is in `address`.',
    value: (l) => l.targetKind,
    table: { head: 'target', cell: (l) => l.targetKind },
  },
  {
    name: 'variant',
    unit: 'text',
    description:
      'The variant whose server the level loaded (json, json-fastify, go-json, grpc, go-grpc, connect-proto, ' +
      'connect-grpc, connect-bare); empty for the bare reference servers, which are not variants.',
    value: (l) => loadVariantOf(l.transport, l.targetKind),
    table: { head: 'variant', cell: (l) => loadVariantOf(l.transport, l.targetKind) ?? '' },
  },
  {
    name: 'shape',
    unit: 'text',
    description:
      "The message shape every reply carried (docs/shapes.md): row (the article's, the default; also for runs " +
      'saved before shapes), numeric, text, nested or binary.',
    value: (l) => levelShape(l),
    table: { head: 'shape', cell: (l) => levelShape(l) },
  },
  {
    name: 'engine',
    unit: 'text',
    description:
      'What generated the load: wirebench (autocannon for HTTP; for gRPC its own generator, which writes the ' +
      'HTTP/2 frames itself), ghz or h2load.',
    value: (l) => l.engine ?? 'wirebench',
    table: { head: 'engine', cell: (l) => l.engine ?? 'wirebench' },
  },
  {
    name: 'network',
    unit: 'text',
    description: 'Network profile the level ran under (network-profiles.json); loopback: nothing applied.',
    value: (l) => l.network?.profile ?? 'loopback',
    table: { head: 'network', cell: (l) => l.network?.profile ?? '' },
  },
  {
    name: 'net_rtt_ms',
    unit: 'ms',
    description: 'Round trip of the network path, measured just before the level; empty without a profile.',
    value: (l) => l.network?.rttMs ?? null,
  },
  {
    name: 'net_mbps',
    unit: 'Mbit/s',
    description:
      'Throughput of the network path server -> client, measured just before the level; empty without a profile.',
    value: (l) => l.network?.mbps ?? null,
  },
  {
    name: 'net_up_mbps',
    unit: 'Mbit/s',
    description:
      "Throughput of the network path client -> server (the requests' direction), measured just before the " +
      'level; empty without a profile.',
    value: (l) => l.network?.upMbps ?? null,
  },
  {
    name: 'net_flagged',
    unit: 'true/false',
    description: "true when the measured path was more than 20% off the profile's nominal round trip or bandwidth.",
    value: (l) => l.network?.flagged ?? false,
  },
  {
    name: 'runtime',
    unit: 'text',
    description:
      'npm run load --node / --server-node / --client-node: the runtime the servers and generators were ' +
      'started on, as the level name ends (node22.23.3, or server22.23.3-client24.21.0 when split; see ' +
      'docs/runtimes.md); empty without those options.',
    value: (l) => l.runtime?.label ?? null,
    table: { head: 'runtime', cell: (l) => l.runtime?.label ?? '', onlyWhenSet: true },
  },
  {
    name: 'node_version',
    unit: 'text',
    description:
      'Node version of the load generator process (its own process.versions.node, e.g. 22.23.3); empty for ' +
      'ghz and h2load levels (ghz is Go, h2load C) and in files from before levels recorded runtimes.',
    value: (l) => l.runtime?.generator?.nodeVersion ?? null,
  },
  {
    name: 'v8_version',
    unit: 'text',
    description:
      'V8 version of the load generator process (its own process.versions.v8); empty for ghz and h2load levels.',
    value: (l) => l.runtime?.generator?.v8Version ?? null,
  },
  {
    name: 'server_node_version',
    unit: 'text',
    description:
      'Node version of the server that was loaded, from its own report (GET /admin/resources or ' +
      'wirebench.admin.Admin) just before the level; empty when it gives none (SERVER_RESOURCES off there).',
    value: (l) => l.runtime?.server?.nodeVersion ?? null,
  },
  {
    name: 'server_v8_version',
    unit: 'text',
    description: 'V8 version of the server that was loaded, from its own report; empty when it gives none.',
    value: (l) => l.runtime?.server?.v8Version ?? null,
  },
  {
    name: 'mode',
    unit: 'text',
    description:
      'closed: each caller sends its next request when the previous completes; open: requests on a fixed ' +
      'schedule (--rate).',
    value: (l) => l.mode,
  },
  { name: 'rows_per_request', unit: 'rows', description: 'Rows in each response.', value: (l) => l.rows },
  {
    name: 'concurrency',
    unit: 'count',
    description: 'Callers with a request in flight (closed loop) or the in-flight cap (open loop).',
    value: (l) => l.concurrency,
    table: { head: 'c', cell: (l) => human(l.concurrency) },
  },
  {
    name: 'connections',
    unit: 'count',
    description: 'Sockets (HTTP) or channels (gRPC) the callers share.',
    value: (l) => l.connections,
    table: { head: 'conn', cell: (l) => human(l.connections) },
  },
  {
    name: 'rate_per_s',
    unit: 'requests/s',
    description: 'Open loop: the scheduled rate; empty in closed loop.',
    value: (l) => l.rate,
  },
  { name: 'window_ms', unit: 'ms', description: 'Measured window (warm-up excluded).', value: (l) => l.windowMs },
  { name: 'warmup_ms', unit: 'ms', description: 'Warm-up before the window, not counted.', value: (l) => l.warmupMs },
  {
    name: 'requests',
    unit: 'count',
    description: 'Requests completed in the window: successes + errors.',
    value: (l) => l.requests,
  },
  {
    name: 'successes',
    unit: 'count',
    description: 'Requests answered with the expected rows.',
    value: (l) => l.successes,
  },
  {
    name: 'errors',
    unit: 'count',
    description: 'Requests that failed, of any kind (timeouts included).',
    value: (l) => l.requests - l.successes,
    table: { head: 'errors', cell: (l) => human(l.requests - l.successes) },
  },
  {
    name: 'errors_by_kind',
    unit: 'text',
    description: 'Failed requests by kind, e.g. "ECONNREFUSED 12; http-503 3".',
    value: (l) =>
      Object.entries(l.errors)
        .map(([k, v]) => `${k} ${v}`)
        .join('; '),
  },
  {
    name: 'timeouts',
    unit: 'count',
    description: 'Requests that got no answer within the timeout.',
    value: (l) => l.timeouts,
  },
  {
    name: 'rps',
    unit: 'requests/s',
    description: 'Successful requests per second over the window.',
    value: (l) => l.rps,
    table: { head: 'req/s', cell: (l) => human(l.rps) },
  },
  {
    name: 'latency_p50_ms',
    unit: 'ms',
    description: 'Median latency of successful requests (open loop: from the intended send time).',
    value: (l) => l.latency.p50,
    table: { head: 'p50 ms', cell: (l) => human(l.latency.p50, 2) },
  },
  {
    name: 'latency_p90_ms',
    unit: 'ms',
    description: '90th percentile latency.',
    value: (l) => l.latency.p90,
    table: { head: 'p90 ms', cell: (l) => human(l.latency.p90, 2) },
  },
  {
    name: 'latency_p99_ms',
    unit: 'ms',
    description: '99th percentile latency.',
    value: (l) => l.latency.p99,
    table: { head: 'p99 ms', cell: (l) => human(l.latency.p99, 2) },
  },
  {
    name: 'latency_p999_ms',
    unit: 'ms',
    description: '99.9th percentile latency.',
    value: (l) => l.latency.p999,
    table: { head: 'p99.9 ms', cell: (l) => human(l.latency.p999, 2) },
  },
  {
    name: 'latency_max_ms',
    unit: 'ms',
    description: 'Slowest successful request.',
    value: (l) => l.latency.max,
    table: { head: 'max ms', cell: (l) => human(l.latency.max, 2) },
  },
  {
    name: 'latency_mean_ms',
    unit: 'ms',
    description: 'Mean latency of successful requests.',
    value: (l) => l.latency.mean,
  },
  {
    name: 'payload_bytes_per_s',
    unit: 'bytes/s',
    description: 'Response payload (JSON body / protobuf message) received per second.',
    value: (l) => l.payloadBytesPerSec,
    table: { head: 'MB/s', cell: (l) => human(l.payloadBytesPerSec / MB, 2) },
  },
  {
    name: 'server_cpu_ms',
    unit: 'ms',
    description: 'CPU time (user + sys) of the server process(es) over the window; empty when not measurable.',
    value: (l) => l.serverCpuMs,
  },
  {
    name: 'server_cpu_us_per_request',
    unit: 'µs',
    description: 'Server CPU per completed request.',
    value: (l) => l.serverCpuUsPerRequest,
    table: { head: 'srv CPU µs/req', cell: (l) => human(l.serverCpuUsPerRequest, 1) },
  },
  {
    name: 'client_cpu_ms',
    unit: 'ms',
    description: 'CPU time (user + sys) of the load generator process over the window.',
    value: (l) => l.generatorWindowCpuMs,
  },
  {
    name: 'client_cpu_us_per_request',
    unit: 'µs',
    description: 'Load generator CPU per completed request.',
    value: (l) => l.clientCpuUsPerRequest,
    table: { head: 'gen CPU µs/req', cell: (l) => human(l.clientCpuUsPerRequest, 1) },
  },
  {
    name: 'generator_core_share',
    unit: 'ratio',
    description: "The generator's CPU as a share of one core over the window; 0.8 or more flags it as saturated.",
    value: (l) => l.generatorCoreShare,
    table: { head: 'gen core %', cell: (l) => human(l.generatorCoreShare * 100) + (l.generatorSaturated ? ' !' : '') },
  },
  {
    name: 'generator_saturated',
    unit: 'true/false',
    description: 'true when the generator, not the server, may have been the limit.',
    value: (l) => l.generatorSaturated,
  },
  {
    name: 'generators',
    unit: 'count',
    description: 'Load-generator processes that shared the level.',
    value: (l) => l.generators ?? 1,
  },
  {
    name: 'generator_nodes',
    unit: 'text',
    description:
      'npm run load --hosts swarm: the node each generator task ran on, as slot:node separated by spaces (a ' +
      'failed share adds !, its reason in `notes`); empty when the generators ran here.',
    value: (l) =>
      l.generatorTasks?.map((t) => `${t.slot}:${t.node}${t.error === undefined ? '' : '!'}`).join(' ') ?? null,
  },
  {
    name: 'generator_rps',
    unit: 'text',
    description:
      "npm run load --hosts swarm: each counted share's successful requests per second over its own window, as " +
      "slot:rps separated by spaces (each node's part of req/s); empty when the generators ran here.",
    value: (l) =>
      l.generatorTasks
        ?.filter((t) => t.rps !== undefined)
        .map((t) => `${t.slot}:${t.rps}`)
        .join(' ') ?? null,
  },
  {
    name: 'server_node',
    unit: 'text',
    description:
      'npm run load --hosts swarm --swarm-servers: the swarm node the server ran on, as a service of the ' +
      'image; empty when the servers ran as configured.',
    value: (l) => l.serverNode ?? null,
  },
  {
    name: 'server_peak_rss_bytes',
    unit: 'bytes',
    description: 'Peak resident memory of the server process(es) over the window (sum over workers).',
    value: (l) => l.serverPeakRssBytes,
    table: {
      head: 'srv RSS MB',
      cell: (l) => human(l.serverPeakRssBytes === null ? null : l.serverPeakRssBytes / MB, 1),
    },
  },
  {
    name: 'server_resources_source',
    unit: 'text',
    description:
      "Where the server figures came from: proc (read from /proc on the client's machine), server (the " +
      "server's own report, GET /admin/resources or wirebench.admin.Admin); empty when not measured.",
    value: (l) => l.serverResourcesSource ?? null,
  },
  {
    name: 'server_processes',
    unit: 'count',
    description: 'Server processes measured (a cluster primary and its workers).',
    value: (l) => l.serverProcesses,
  },
  {
    name: 'foreign_cpu_cores',
    unit: 'cores',
    description:
      "CPU the machine spent beside the window on processes other than the level's own (the CLI, its " +
      'generators on this machine, its servers read from /proc), from /proc/stat; empty off Linux and in older ' +
      'files (docs/statistics.md, Noise).',
    value: (l) => l.foreignCpuCores ?? null,
  },
  {
    name: 'steal_cores',
    unit: 'cores',
    description: 'Hypervisor steal over the window; empty off Linux and in older files.',
    value: (l) => l.stealCores ?? null,
  },
  {
    name: 'disturbed',
    unit: 'yes/no',
    description:
      'yes when foreign_cpu_cores was above the threshold (--disturbed-above, 0.2 by default); empty when not ' +
      'measured.',
    value: (l) => (l.disturbed == null ? null : l.disturbed ? 'yes' : 'no'),
  },
  {
    name: 'verified',
    unit: 'true/false',
    description:
      "The responses matched the expected rows (HTTP: every body byte for byte; gRPC: each caller's first " +
      'reply by row count and checksum, every later one byte for byte against it; ghz and h2load: one probe call).',
    value: (l) => l.verified,
  },
  {
    name: 'started_at',
    unit: 'ISO-8601 UTC',
    description: 'Time the level started, warm-up included.',
    value: (l) => l.startedAt,
  },
  { name: 'ended_at', unit: 'ISO-8601 UTC', description: 'Time the level ended.', value: (l) => l.endedAt },
  {
    name: 'address',
    unit: 'text',
    description:
      "Server address the load went to (under a profile: the server's own; the shaping proxy the load was sent " +
      'through is in `notes`).',
    value: (l) => l.target.serverAddress ?? l.target.address,
  },
  {
    name: 'notes',
    unit: 'text',
    description: 'Errors, saturation and figures that could not be measured, joined with "; ".',
    value: (l) => l.notes.join('; '),
  },
];

export const LOAD_TABLE_COLUMNS = LOAD_COLUMNS.filter((c) => c.table).map((c) => c.table!);

/** The table columns a run's levels show: those marked onlyWhenSet only when some level has a value there. */
export function loadTableColumns(levels: LoadLevelResult[]): NonNullable<LoadColumn['table']>[] {
  return LOAD_TABLE_COLUMNS.filter((c) => !c.onlyWhenSet || levels.some((l) => c.cell(l) !== ''));
}

/**
 * transport, target, shape, runtime and c name a level: the indexes of those shown, repeated in each part of a table
 * split to fit a terminal.
 */
export function loadTableKey(columns: NonNullable<LoadColumn['table']>[]): number[] {
  return ['transport', 'target', 'shape', 'runtime', 'c']
    .map((head) => columns.findIndex((c) => c.head === head))
    .filter((i) => i >= 0);
}

/** How notes name a level: transport/target, shape, runtime and concurrency. */
export function levelTag(l: LoadLevelResult): string {
  return (
    `${l.transport}/${l.targetKind}${shapeTag(l)}${l.runtime?.label ? `@` + `${l.runtime.label}` : ''} ` +
    `c=${l.concurrency}`
  );
}
export const LOAD_TABLE_LEGEND =
  'req/s: successful requests per second; latencies of successes; gen core %: load generator CPU as a share ' +
  'of one core (! = saturated, the generator may be the limit). MB = 10^6 bytes.';
