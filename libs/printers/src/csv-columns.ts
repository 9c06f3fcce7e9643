import type { BenchRun } from '@app/bench';
import type { RunSample, ScenarioResult } from '@app/bench';
import type { CsvColumn } from './csv-column.interface';
import { perRowPhaseColumns, phaseColumns } from './phase-columns';
import { invocationOf } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { shapeOf } from '@app/bench';

export type { CsvColumn } from './csv-column.interface';

/** summary.csv: one row per scenario x transport. */
export interface SummaryCsvRow {
  run: BenchRun;
  result: ScenarioResult;
}

/** runs.csv: one row per measured run. */
export interface RunsCsvRow extends SummaryCsvRow {
  sample: RunSample;
}

const invocationsOf = (result: ScenarioResult): number => result.stats.invocations ?? 1;

const target = ({ result: { target: t } }: SummaryCsvRow) =>
  t.serverAddress ? `${t.server} at ${t.serverAddress} through ${t.address}` : `${t.server} at ${t.address}`;

// Both files open with the same identifying columns so they can be joined or filtered alike.
const IDENTITY_COLUMNS: CsvColumn<SummaryCsvRow>[] = [
  {
    name: 'run_id',
    unit: 'text',
    description: 'Bench run folder name: UTC start timestamp and preset.',
    value: (r) => r.run.id,
  },
  {
    name: 'label',
    unit: 'text',
    description: 'Free-text label given to the bench run; empty when none was given.',
    value: (r) => r.run.label,
  },
  {
    name: 'scenario',
    unit: 'text',
    description: 'Scenario name in its preset or file (for example 1-2).',
    value: (r) => r.result.name,
  },
  {
    name: 'transport',
    unit: 'text',
    description: 'Transport measured: json (JSON over HTTP) or grpc.',
    value: (r) => r.result.transport,
  },
  {
    name: 'variant',
    unit: 'text',
    description:
      "Client+server path within the transport (json, grpc: the article's; others change one factor, see " +
      'docs/variants.md).',
    value: (r) => r.result.variant,
  },
  {
    name: 'shape',
    unit: 'text',
    description:
      'Message type every request carried, by its name in the shapes registry (see docs/shapes.md); row, the ' +
      "article's, in files from before shapes.",
    value: (r) => shapeOf(r.result),
  },
  {
    name: 'proto_sha256',
    unit: 'hex',
    description:
      'Shape user only: SHA-256 of your proto file and the local files it imports (--proto); empty for the ' +
      'built-in shapes.',
    value: (r) => r.result.shapeSource?.protoSha256 ?? null,
  },
  {
    name: 'sample_sha256',
    unit: 'hex',
    description: 'Shape user only: SHA-256 of your sample file (--sample); empty for the built-in shapes.',
    value: (r) => r.result.shapeSource?.sampleSha256 ?? null,
  },
  {
    name: 'blob_bytes',
    unit: 'bytes',
    description:
      "Shape binary only: the bytes of each row's blob (BINARY_BLOB_BYTES, --blob-bytes; 4096 by default); " +
      'empty for the other shapes and in files from before it was a setting.',
    value: (r) => r.result.blobBytes ?? null,
  },
  {
    name: 'network',
    unit: 'text',
    description: 'Network profile the scenario ran under (network-profiles.json); loopback: nothing applied.',
    value: (r) => r.result.network?.profile ?? 'loopback',
  },
  {
    name: 'runtime',
    unit: 'text',
    description:
      'npm run bench --node / --server-node / --client-node: the runtime the apps were started on, as the ' +
      'scenario name ends (node22.23.3, or server22.23.3-client24.21.0 when split; see docs/runtimes.md); ' +
      'empty without those options.',
    value: (r) => r.result.runtime?.label ?? null,
  },
  {
    name: 'node_version',
    unit: 'text',
    description:
      'Node version of the client process that measured (its own process.versions.node, e.g. 22.23.3); empty ' +
      'in files from before runtimes were recorded.',
    value: (r) => r.result.runtime?.client.nodeVersion ?? null,
  },
  {
    name: 'v8_version',
    unit: 'text',
    description: 'V8 version of the client process that measured (its own process.versions.v8).',
    value: (r) => r.result.runtime?.client.v8Version ?? null,
  },
  {
    name: 'server_node_version',
    unit: 'text',
    description:
      'Node version of the server that answered, from its own report (GET /admin/resources or ' +
      'wirebench.admin.Admin); empty when it gives none (SERVER_RESOURCES off there).',
    value: (r) => r.result.runtime?.server?.nodeVersion ?? null,
  },
  {
    name: 'server_v8_version',
    unit: 'text',
    description: 'V8 version of the server that answered, from its own report; empty when it gives none.',
    value: (r) => r.result.runtime?.server?.v8Version ?? null,
  },
  {
    name: 'mode',
    unit: 'text',
    description: 'single: one request; parallel: several requests in flight together.',
    value: (r) => r.result.mode,
  },
  {
    name: 'rows_per_request',
    unit: 'rows',
    description: 'Rows asked for in each request.',
    value: (r) => r.result.rowsPerRequest,
  },
  {
    name: 'chunk_rows',
    unit: 'rows',
    description: 'Streaming variants: rows per chunk (gRPC message or NDJSON write); empty for one-message variants.',
    value: (r) => r.result.chunkRows ?? null,
  },
  { name: 'requests', unit: 'count', description: 'Requests made in each run.', value: (r) => r.result.requests },
  {
    name: 'concurrency',
    unit: 'count',
    description: 'Most requests in flight at once.',
    value: (r) => r.result.concurrency,
  },
];

export const RUNS_CSV_COLUMNS: CsvColumn<RunsCsvRow>[] = [
  ...IDENTITY_COLUMNS,
  {
    name: 'invocation',
    unit: 'count',
    description:
      'Which start of fresh server and client processes (--invocations) measured the run, from 1; 1 for the ' +
      'endpoints and for files from before invocations.',
    value: (r) => invocationOf(r.sample),
  },
  {
    name: 'invocations',
    unit: 'count',
    description: "How many invocations this scenario's runs came from (1 unless --invocations was given).",
    value: (r) => invocationsOf(r.result),
  },
  {
    name: 'run',
    unit: 'count',
    description:
      'Measured run number within its invocation, from 1, in the order the runs were made; warm-up runs are ' +
      'not listed.',
    value: (r) => r.sample.run,
  },
  { name: 'started_at', unit: 'ISO-8601 UTC', description: 'Time the run started.', value: (r) => r.sample.at },
  {
    name: 'ms',
    unit: 'ms',
    description: 'Wall time from issuing the first request to decoding the last response.',
    value: (r) => r.sample.ms,
  },
  {
    name: 'rows_received',
    unit: 'rows',
    description: 'Rows received and decoded in the run, over all its requests.',
    value: (r) => r.sample.rowsReceived,
  },
  {
    name: 'payload_bytes',
    unit: 'bytes',
    description: 'Response bodies (JSON text or protobuf messages) received in the run, over all its requests.',
    value: (r) => r.sample.payloadBytes,
  },
  {
    name: 'client_cpu_ms',
    unit: 'ms',
    description: 'CPU time (user + system) the client process used during the run; empty when not measured.',
    value: (r) => r.sample.clientCpuMs,
  },
  {
    name: 'server_cpu_ms',
    unit: 'ms',
    description: 'CPU time (user + system) the serving process(es) used during the run; empty when not measured.',
    value: (r) => r.sample.serverCpuMs,
  },
  {
    name: 'client_peak_rss_bytes',
    unit: 'bytes',
    description: 'Peak resident memory of the client process during the run; empty when not measured.',
    value: (r) => r.sample.clientPeakRssBytes,
  },
  {
    name: 'server_peak_rss_bytes',
    unit: 'bytes',
    description: 'Peak resident memory of the serving process(es) during the run; empty when not measured.',
    value: (r) => r.sample.serverPeakRssBytes,
  },
  {
    name: 'client_peak_rss_lifetime',
    unit: 'yes/no',
    description:
      "yes when client_peak_rss_bytes is the client process's lifetime peak (VmHWM could not be reset here), " +
      "an upper bound of the run's; empty when there is no figure.",
    value: (r) => lifetime(r.sample.clientPeakRssBytes, r.sample.clientPeakIsLifetime),
  },
  {
    name: 'server_peak_rss_lifetime',
    unit: 'yes/no',
    description:
      "yes when server_peak_rss_bytes is the server processes' lifetime peak (VmHWM could not be reset), an " +
      "upper bound of the run's; empty when there is no figure.",
    value: (r) => lifetime(r.sample.serverPeakRssBytes, r.sample.serverPeakIsLifetime),
  },
  {
    name: 'foreign_cpu_cores',
    unit: 'cores',
    description:
      "CPU the machine spent on processes other than the run's own (client, local servers, the CLI) over the " +
      "run's wall time, from /proc/stat; 0.35 is a third of a core; empty off Linux and in older files (see " +
      'docs/statistics.md, Noise).',
    value: (r) => r.sample.foreignCpuCores ?? null,
  },
  {
    name: 'steal_cores',
    unit: 'cores',
    description:
      'CPU the hypervisor gave to other guests over the run, from /proc/stat; empty off Linux and in older files.',
    value: (r) => r.sample.stealCores ?? null,
  },
  {
    name: 'disturbed',
    unit: 'yes/no',
    description:
      'yes when foreign_cpu_cores was above the threshold (--disturbed-above, 0.2 by default); empty when not ' +
      'measured.',
    value: (r) => yesNo(r.sample.disturbed),
  },
  {
    name: 'replaced_disturbed',
    unit: 'count',
    description:
      'Disturbed measurements of this run that were set aside and measured again before this one was kept ' +
      '(--quiet); they are in result.json (replacedRuns), out of every figure; empty in older files.',
    value: (r) => r.sample.replacedDisturbed ?? (r.result.noise?.replacedDisturbedRuns == null ? null : 0),
  },
  ...phaseColumns<RunsCsvRow>((r) => r.sample.phases),
  ...perRowPhaseColumns<RunsCsvRow>(
    (r) => r.sample.phases,
    (r) => r.result.rowsPerRequest,
  ),
  {
    name: 'verified',
    unit: 'true/false',
    description: 'true when every response of the run held the expected rows and checksum.',
    value: (r) => r.sample.verified,
  },
  {
    name: 'target',
    unit: 'text',
    description:
      'Server and the address it listens on; under a network profile also the shaping proxy the client called ' +
      '("through ...").',
    value: target,
  },
  {
    name: 'phase_notes',
    unit: 'text',
    description: 'Why a phase cell of this run is empty, when one is; several notes are joined with "; ".',
    value: (r) => r.sample.phases?.notes.join('; ') ?? '',
  },
];

export const SUMMARY_CSV_COLUMNS: CsvColumn<SummaryCsvRow>[] = [
  ...IDENTITY_COLUMNS,
  {
    name: 'runs',
    unit: 'count',
    description: 'Measured runs the statistics are computed from, over every invocation.',
    value: (r) => r.result.stats.n,
  },
  {
    name: 'invocations',
    unit: 'count',
    description:
      'How many times the whole run was repeated in fresh server and client processes (--invocations); the ' +
      'runs are pooled over them.',
    value: (r) => invocationsOf(r.result),
  },
  {
    name: 'between_invocation_share',
    unit: 'ratio',
    description:
      'Share of the run-time variance that lies between invocations rather than within one (one-way random ' +
      'effects, 0 to 1); empty with one invocation.',
    value: (r) => r.result.stats.betweenInvocationShare ?? null,
  },
  {
    name: 'too_few_runs',
    unit: 'true/false',
    description:
      `true when this side has fewer than ` +
      `${MIN_RUNS_FOR_VERDICT} measured runs: any comparison with it shows its interval but names no faster side.`,
    value: (r) => r.result.stats.n < MIN_RUNS_FOR_VERDICT,
  },
  {
    name: 'warmup',
    unit: 'count',
    description: 'Warm-up runs made first and left out of every figure.',
    value: (r) => r.result.warmup,
  },
  { name: 'mean_ms', unit: 'ms', description: 'Mean run time.', value: (r) => r.result.stats.meanMs },
  {
    name: 'median_ms',
    unit: 'ms',
    description:
      'Median run time (type 7 percentile: interpolated between the two middle runs when their number is even).',
    value: (r) => r.result.stats.medianMs,
  },
  {
    name: 'median_ci_low_ms',
    unit: 'ms',
    description:
      'Lower end of the 95% confidence interval for the median: with one invocation, distribution-free, one of ' +
      "the runs chosen by rank from Binomial(n, 1/2); with several, the two-level bootstrap's (invocations, " +
      'then runs within them).',
    value: (r) => r.result.stats.medianCiLowMs,
  },
  {
    name: 'median_ci_high_ms',
    unit: 'ms',
    description:
      'Upper end of that interval; with fewer than 6 runs the interval is [min_ms, max_ms] and reaches less ' +
      'than 95% (see median_ci_level).',
    value: (r) => r.result.stats.medianCiHighMs,
  },
  {
    name: 'median_ci_level',
    unit: 'ratio',
    description:
      'Confidence the median interval actually reaches, for example 0.9785; below 0.95 only with fewer than 6 ' +
      'runs (5 runs: 0.9375).',
    value: (r) => r.result.stats.medianCiLevel,
  },
  {
    name: 'p90_ms',
    unit: 'ms',
    description: '90th percentile of run time, interpolated between runs (type 7), so never above max_ms.',
    value: (r) => r.result.stats.p90Ms,
  },
  {
    name: 'p99_ms',
    unit: 'ms',
    description: '99th percentile of run time, interpolated between runs (type 7), so never above max_ms.',
    value: (r) => r.result.stats.p99Ms,
  },
  { name: 'min_ms', unit: 'ms', description: 'Fastest run.', value: (r) => r.result.stats.minMs },
  { name: 'max_ms', unit: 'ms', description: 'Slowest run.', value: (r) => r.result.stats.maxMs },
  {
    name: 'stdev_ms',
    unit: 'ms',
    description: 'Sample standard deviation of run time.',
    value: (r) => r.result.stats.stdevMs,
  },
  {
    name: 'cv',
    unit: 'ratio',
    description: 'Coefficient of variation, stdev_ms / mean_ms; 0.05 means runs spread about 5% around the mean.',
    value: (r) => r.result.stats.cv,
  },
  {
    name: 'rows_per_s',
    unit: 'rows/s',
    description: 'Rows received per second in the median run.',
    value: (r) => r.result.throughput.rowsPerSec,
  },
  {
    name: 'payload_mb_per_s',
    unit: 'MB/s',
    description: 'Response payload megabytes (10^6 bytes) received per second in the median run.',
    value: (r) => r.result.throughput.payloadMBPerSec,
  },
  {
    name: 'payload_bytes',
    unit: 'bytes',
    description: 'Response body (JSON text or protobuf message) size per request.',
    value: (r) => r.result.payloadBytesPerRequest,
  },
  {
    name: 'wire_bytes',
    unit: 'bytes',
    description:
      'TCP payload bytes per request in both directions (headers, framing and body); empty when not counted.',
    value: (r) => r.result.wire?.bytesPerRequest,
  },
  {
    name: 'wire_bytes_in',
    unit: 'bytes',
    description: 'TCP payload bytes per request from server to client; empty when not counted.',
    value: (r) => r.result.wire?.bytesInPerRequest,
  },
  {
    name: 'wire_bytes_out',
    unit: 'bytes',
    description: 'TCP payload bytes per request from client to server; empty when not counted.',
    value: (r) => r.result.wire?.bytesOutPerRequest,
  },
  {
    name: 'client_cpu_ms',
    unit: 'ms',
    description: 'CPU time (user + system) the client process used over all measured runs; empty when not measured.',
    value: (r) => r.result.resources.clientCpuMs,
  },
  {
    name: 'server_cpu_ms',
    unit: 'ms',
    description:
      'CPU time (user + system) the serving process(es) used over all measured runs; empty when not measured.',
    value: (r) => r.result.resources.serverCpuMs,
  },
  {
    name: 'client_cpu_ms_per_request',
    unit: 'ms',
    description: 'Client CPU time per request; empty when not measured.',
    value: (r) => r.result.resources.clientCpuMsPerRequest,
  },
  {
    name: 'server_cpu_ms_per_request',
    unit: 'ms',
    description: 'Server CPU time per request; empty when not measured.',
    value: (r) => r.result.resources.serverCpuMsPerRequest,
  },
  {
    name: 'client_peak_rss_bytes',
    unit: 'bytes',
    description: 'Highest resident memory of the client process over the measured runs; empty when not measured.',
    value: (r) => r.result.resources.clientPeakRssBytes,
  },
  {
    name: 'server_peak_rss_bytes',
    unit: 'bytes',
    description: 'Highest resident memory of the serving process(es) over the measured runs; empty when not measured.',
    value: (r) => r.result.resources.serverPeakRssBytes,
  },
  {
    name: 'client_peak_rss_lifetime',
    unit: 'yes/no',
    description:
      "yes when client_peak_rss_bytes is the client process's lifetime peak (VmHWM could not be reset here), " +
      "an upper bound of the runs'; empty when there is no figure.",
    value: (r) => lifetime(r.result.resources.clientPeakRssBytes, r.result.resources.clientPeakIsLifetime),
  },
  {
    name: 'server_peak_rss_lifetime',
    unit: 'yes/no',
    description:
      "yes when server_peak_rss_bytes is the server processes' lifetime peak (VmHWM could not be reset), an " +
      "upper bound of the runs'; empty when there is no figure.",
    value: (r) => lifetime(r.result.resources.serverPeakRssBytes, r.result.resources.serverPeakIsLifetime),
  },
  {
    name: 'disturbed_runs',
    unit: 'count',
    description: 'Measured runs whose foreign CPU was above disturbed_above; empty off Linux and in older files.',
    value: (r) => r.result.noise?.disturbedRuns ?? null,
  },
  {
    name: 'disturbed_above',
    unit: 'cores',
    description: 'Foreign CPU above which a run counted as disturbed (--disturbed-above).',
    value: (r) => r.result.noise?.disturbedAbove ?? null,
  },
  {
    name: 'replaced_disturbed_runs',
    unit: 'count',
    description:
      'Disturbed runs measured again and replaced (--quiet, --rerun-disturbed): not among runs nor in any ' +
      'figure, kept in result.json (replacedRuns); empty in older files.',
    value: (r) => r.result.noise?.replacedDisturbedRuns ?? null,
  },
  {
    name: 'max_foreign_cpu_cores',
    unit: 'cores',
    description: 'Most CPU, in cores, that other processes used beside any one measured run; empty off Linux.',
    value: (r) => r.result.noise?.maxForeignCpuCores ?? null,
  },
  {
    name: 'max_steal_cores',
    unit: 'cores',
    description: 'Most hypervisor steal, in cores, over any one measured run; empty off Linux.',
    value: (r) => r.result.noise?.maxStealCores ?? null,
  },
  {
    name: 'server_resources_source',
    unit: 'text',
    description:
      "Where the server figures came from: proc (read from /proc on the client's machine), server (the " +
      "server's own report, GET /admin/resources or wirebench.admin.Admin); empty when not measured.",
    value: (r) => r.result.resources.serverResourcesSource ?? null,
  },
  ...phaseColumns<SummaryCsvRow>((r) => r.result.phases),
  ...perRowPhaseColumns<SummaryCsvRow>(
    (r) => r.result.phases,
    (r) => r.result.rowsPerRequest,
  ),
  {
    name: 'net_rtt_ms',
    unit: 'ms',
    description:
      'Round trip of the network path, measured just before the scenario (median of small requests through ' +
      'the same shaping); empty on loopback.',
    value: (r) => r.result.network?.rttMs ?? null,
  },
  {
    name: 'net_mbps',
    unit: 'Mbit/s',
    description:
      'Throughput of the network path server -> client, measured just before the scenario by a bulk transfer ' +
      'through the same shaping; empty on loopback.',
    value: (r) => r.result.network?.mbps ?? null,
  },
  {
    name: 'net_nominal_rtt_ms',
    unit: 'ms',
    description: 'Round trip the profile asks for (twice its one-way latency); empty when it sets none.',
    value: (r) => r.result.network?.nominalRttMs ?? null,
  },
  {
    name: 'net_nominal_mbps',
    unit: 'Mbit/s',
    description: 'Bandwidth server -> client the profile asks for; empty when unlimited.',
    value: (r) => r.result.network?.nominalMbps ?? null,
  },
  {
    name: 'net_up_mbps',
    unit: 'Mbit/s',
    description:
      'Throughput of the network path client -> server, measured just before the scenario by a bulk transfer ' +
      'the other way; empty on loopback.',
    value: (r) => r.result.network?.upMbps ?? null,
  },
  {
    name: 'net_nominal_up_mbps',
    unit: 'Mbit/s',
    description: 'Bandwidth client -> server the profile asks for; empty when unlimited.',
    value: (r) => r.result.network?.nominalUpMbps ?? null,
  },
  {
    name: 'http2_window_bytes',
    unit: 'bytes',
    description:
      'HTTP/2 paths: the flow-control window the client offers per stream (65535 unless tuned, e.g. ' +
      'grpc-window); it caps one stream at window / round trip. Empty for HTTP/1.1.',
    value: (r) => r.result.target.http2WindowBytes ?? null,
  },
  {
    name: 'net_flagged',
    unit: 'true/false',
    description:
      "true when the measured path was more than 20% off the profile's nominal round trip or bandwidth: the " +
      "figures are then not the profile's.",
    value: (r) => r.result.network?.flagged ?? false,
  },
  {
    name: 'verified',
    unit: 'true/false',
    description:
      'true only when every request of every run, warm-up included, returned the expected rows and checksum.',
    value: (r) => r.result.verified,
  },
  {
    name: 'started_at',
    unit: 'ISO-8601 UTC',
    description: 'Time this scenario started on this transport, warm-up included.',
    value: (r) => r.result.startedAt,
  },
  {
    name: 'ended_at',
    unit: 'ISO-8601 UTC',
    description: 'Time this scenario ended on this transport.',
    value: (r) => r.result.endedAt,
  },
  {
    name: 'target',
    unit: 'text',
    description:
      'Server and the address it listens on; under a network profile also the shaping proxy the client called ' +
      '("through ...").',
    value: target,
  },
  {
    name: 'notes',
    unit: 'text',
    description: 'Why a resource, wire or phase figure is empty, when one is; several notes are joined with "; ".',
    value: (r) => notes(r.result),
  },
];

const yesNo = (v: boolean | null | undefined): string | null => (v == null ? null : v ? 'yes' : 'no');
/** A peak that is there is the run's own unless flagged (files from before the flag left lifetime peaks empty). */
const lifetime = (bytes: number | null, flag: boolean | undefined): string | null =>
  bytes === null ? null : yesNo(flag === true);

function notes(result: ScenarioResult): string {
  const wireNote = result.wire?.note;
  return [...result.resources.notes, ...(wireNote ? [wireNote] : []), ...(result.phases?.notes ?? [])].join('; ');
}

/** The columns as a markdown table (column, unit, meaning), as docs/results.md lists them. */
export function describeColumns<Row>(columns: CsvColumn<Row>[]): string {
  const lines = ['| column | unit | meaning |', '| --- | --- | --- |'];
  for (const c of columns) lines.push(`| \`${c.name}\` | ${c.unit} | ${c.description.replace(/\|/g, '\\|')} |`);
  return `${lines.join('\n')}\n`;
}
