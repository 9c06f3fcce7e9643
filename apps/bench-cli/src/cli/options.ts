import { FORMATS, Format, parseFormats } from '@app/printers';
import {
  ARTICLE_TRANSPORTS,
  DEFAULT_DISTURBED_ABOVE,
  DEFAULT_RERUN_DISTURBED,
  familyBaseline,
  MAX_RERUN_DISTURBED,
  GZIP_ALIAS_NOTE,
  MIN_RUNS_FOR_VERDICT,
  TRANSPORT_KINDS,
  TransportKind,
  VARIANT_NAMES,
  VariantName,
  variantNamed,
} from '@app/bench';
import { loadNetworkProfiles } from '@app/network';
import {
  DEFAULT_SHAPE,
  isShapeName,
  MAX_BINARY_BLOB_BYTES,
  shapeNames,
  ShapeName,
  USER_SHAPE_NAME,
  type UserShapeOptions,
} from '@app/shapes';
import { parseHosts } from './parse-hosts';
import { parseNetworks } from './parse-networks';
import { PRESET_DEFAULTS, PRESET_NAMES } from './presets';
import { strictArgs } from './strict-args';
import { UsageError } from './usage-error';
import { userShapeOption } from './user-shape-option';
import { blobBytesOption } from './blob-bytes-option';
import { parseRuntimeOptions, type RuntimeAxisOptions } from './runtime-options';
import { roundsFor } from './runtime-blocks';

/** --variants or --transport, --runs, --warmup: each present only when typed. */
export interface CaseSettingsGiven {
  variants?: VariantName[];
  runs?: number;
  warmup?: number;
}

export interface BenchOptions {
  preset: string;
  /** The variants timed side by side: --variants, or --transport's baselines (default json and grpc). */
  transports: VariantName[];
  /**
   * What the command line itself set among the things a preset's case may set too (its variants, runs and warm-ups):
   * these win for every case; what is absent here yields to the case's own (caseSettings in scenario-specs.ts).
   */
  given: CaseSettingsGiven;
  /** --shapes: the message shapes every case runs with, in order (default: row, the article's). */
  shapes: ShapeName[];
  /**
   * --proto, --message, --sample (--counter-field): the user's own message, built and registered as `user`; null
   * without them.
   */
  userShape: UserShapeOptions | null;
  /**
   * --blob-bytes: the `binary` shape's blob size given to the apps this run starts (registered here too); null without
   * it.
   */
  blobBytes: number | null;
  rows?: number[];
  requests?: number[];
  concurrency?: number[];
  runs: number;
  /** --invocations: the whole run repeated in this many fresh server and client processes (1: as today). */
  invocations: number;
  /** --chunk-rows: rows per chunk for the streaming variants (a case's own chunkRows wins). */
  chunkRows?: number;
  warmup: number;
  out?: string;
  formats: Format[];
  scenariosFile?: string;
  label: string | null;
  /** --network: the profiles each case runs under, in order; absent = as the servers are (loopback, unnamed). */
  networks?: string[];
  /**
   * --hosts: local (the servers as configured, started here when not running) or netns (a second host, see
   * netns-hosts.ts).
   */
  hosts: 'local' | 'netns';
  /**
   * --node / --server-node / --client-node (--offline): the runtimes the apps are started on, one block each per
   * round (see runtime-blocks.ts); null without them: the apps run on this process's node, or as found running.
   */
  runtimes: RuntimeAxisOptions | null;
  /** --disturbed-above: foreign CPU, in cores, above which a measured run is marked disturbed. */
  disturbedAbove: number;
  /** --quiet: before each case, wait (30 s at most) for other processes to use no more than disturbedAbove cores. */
  quiet: boolean;
  /**
   * With --quiet: disturbed measured runs of each scenario measured again (--rerun-disturbed, 3 by default); 0 without
   * --quiet.
   */
  rerunDisturbed: number;
  help: boolean;
}

/**
 * Each invocation starts every app afresh and measures every case again: 20 invocations of the explain preset are
 * most of a day on 2 cores, so a larger count is likelier a typo (100 for 10) than a plan. A CLI limit, not a
 * configured one: only the CLI starts processes, and the endpoints take no invocations.
 */
export const MAX_INVOCATIONS = 20;

export const HELP = `Usage: npm run bench -- [options]

Runs JSON and gRPC side by side through the client app (starting the client and both servers if they are not running),
shows progress on stderr, prints a summary on stdout and writes bench-results/<UTC time>-<preset>/.

Options:
  --preset NAME        ${PRESET_NAMES.join(' | ')}   (default: article, the article's seven cases)
                       batching: 10,000 rows as 1x10000, 10x1000, 100x100 and 10000x1 requests
                       connect: the article's seven cases on json, json-fastify, grpc, grpc-bare and every connect
                       variant, then each connect variant's time as a ratio of json's and grpc's per case with
                       its interval (5 runs, 1 warm-up, 2 invocations; about 40 minutes here, see docs/variants.md)
                       explain: the article's 1, 10,000, 1,000,000-row and 1,000-parallel cases on every variant,
                       then why: each factor's effect with its interval, and sentences (5 runs, 1 warm-up,
                       2 invocations)
                       memory: 1,000,000 rows on json, grpc and the streaming variants, 10,000,000 on the streaming
                       ones, with each process's peak RSS (3 runs, 1 warm-up)
                       floor: one request of 10,000 and 1,000,000 rows on each family's fastest Node paths and the
                       Go reference servers (go-json, go-json-stream, go-grpc, go-grpc-stream; npm run
                       setup:go-servers), then each family's fastest Node path as a multiple of its Go floor
                       (5 runs, 1 warm-up; see docs/floor.md)
                       full also sweeps the streaming variants' chunk size (100, 1,000, 10,000 rows)
                       network: one request of 1, 10,000 and 100,000 rows and the article's 1,000-parallel case
                       under loopback, lan, wan and mobile, then the gRPC/JSON ratio per case per profile and where
                       the verdict flips, on json, grpc, grpc-window, json-stream and grpc-stream (5 runs, 1 warm-up,
                       2 invocations; --rows 1000000 --network ... for the article's largest case, hours under mobile)
                       runtimes: the article's seven cases on json and grpc and one request of 100,000 rows on the
                       explain preset's variants, on every cached Node (newest of each major, npm run setup:node --
                       22 24 26) and this one, unless --node; then the gRPC/JSON ratio per case per runtime, which
                       phase moved, and each runtime's large case taken apart factor by factor (5 runs, 2 warm-ups,
                       2 rounds; about 8 minutes a runtime and round on a busy 2-core machine: about 70 minutes
                       for four runtimes, see docs/runtimes.md)
  --transport LIST     comma list of ${TRANSPORT_KINDS.join(', ')}: each family's baseline variant
                       (${TRANSPORT_KINDS.map((t) => `${t}: ${familyBaseline(t)}`).join(', ')}; default:
                       ${ARTICLE_TRANSPORTS.join(',')})
  --variants LIST      instead of --transport: any of ${VARIANT_NAMES.join(', ')}
                       (${GZIP_ALIAS_NOTE}; see docs/variants.md;
                       default: json,grpc, or every variant for explain; given, it is every case's, also a
                       case a preset runs on its own variants)
  --shapes LIST        message shapes every case runs with: any of ${shapeNames().join(', ')}; each case runs once
                       per shape, named <case>-<shape> for all but row (see docs/shapes.md)   (default: row;
                       user with --proto, which joins any --shapes list)
  --proto FILE         your own message: its proto3 file, with --message and --sample (all three or none); the run
  --message pkg.Name   starts the servers and the client with it (they must not be running already) and every case
  --sample FILE.json   runs on the shape user: your sample (one message in its proto3 JSON form, which must survive
                       the mapping's round trip unchanged) repeated, the row number in one integer field
  --counter-field NAME that field (its proto or JSON name)   (default: the message's first integer field)
  --blob-bytes N       the binary shape's blob per row, 1 to ${MAX_BINARY_BLOB_BYTES} bytes; the run starts the servers
                       and the client with it (BINARY_BLOB_BYTES; they must not be running already)   (default: 4096)
  --rows LIST          rows per request, e.g. 1,10000     } any of these three replaces the preset with
  --requests LIST      requests per run, e.g. 1,100       } every combination of the lists ("custom");
  --concurrency LIST   requests in flight, e.g. 10        } requests > 1 means parallel mode; a concurrency above
                                                          } a case's requests is capped at them (said before the run)
  --chunk-rows N       streaming variants (json-stream, grpc-stream): rows per message / NDJSON write (default:
                       STREAM_CHUNK_ROWS, 1000)
  --runs N             measured runs per scenario and variant (default: 5; fewer than ${MIN_RUNS_FOR_VERDICT} a side
                       shows intervals but names no faster side)
  --invocations K      repeat the whole run K times (1 to ${MAX_INVOCATIONS}), each in fresh server and client processes
                       started by this run; intervals then come from a two-level bootstrap (invocations, then runs)
                       and the summary shows the share of variance between invocations. K > 1 needs the apps not
                       running already (this run must be able to restart them); not with --hosts netns
                       (default: 1; explain and network: 2)
  --warmup N           warm-up runs, discarded   (default: 2; explain: 1)
  --out DIR            parent folder of the run's files   (default: RESULTS_DIR or ./bench-results)
  --format LIST        comma list of ${FORMATS.join(', ')} printed on stdout   (default: table)
  --scenarios FILE     scenarios as JSON: [{"name": "big", "rows": 100000}, {"name": "fan-out", "rows": 1, "requests":
                       500, "concurrency": 50}]
  --network LIST       run every case under each of these network profiles (network-profiles.json:
                       ${profileNames()}; NETWORK_PROFILES_FILE adds your own), shaped through Toxiproxy
                       (default: none: loopback; the network preset: loopback,lan,wan,mobile)
  --hosts local|netns  netns (Linux, root): the servers in a network namespace of their own joined to this one by a
                       veth pair (MTU 1500), created and removed by this run, with a client of its own; --network
                       profiles then go on that link: bandwidth tc tbf, latency netem, or Toxiproxy without netem
                       (default: local)
  --node LIST          run everything on each of these Node runtimes: the servers and the client started on it, in
                       blocks whose order rotates each round: a major (22: the newest cached, else fetched), an
                       exact version (22.11.0), a path to a node binary, or current; each case is named
                       <case>@node<version>; the apps must not be running already (see docs/runtimes.md)
                       (default: 2 rounds with several runtimes; --invocations K for K)
  --server-node LIST   instead of --node: the servers on these runtimes, the client on --client-node's (one side
  --client-node LIST   a list, the other one runtime; the side not given is current)
  --offline            never fetch a runtime: one missing from the cache is refused (npm run setup:node)
  --label TEXT         kept with the run in every file
  --disturbed-above C  a measured run is disturbed when processes other than its own used more than C cores of CPU
                       beside it (Linux; see docs/statistics.md, Noise)   (default: ${DEFAULT_DISTURBED_ABOVE})
  --quiet              before each case, wait up to 30 s for a quiet machine (foreign CPU at most --disturbed-above),
                       and measure a disturbed run again after waiting up to 10 s for quiet; the replaced runs are
                       counted and kept in result.json (re-runs of a case stop after 60 s)
  --rerun-disturbed N  with --quiet: disturbed runs of each scenario measured again, at most (0 to
                       ${MAX_RERUN_DISTURBED}) (default: ${DEFAULT_RERUN_DISTURBED})
  --help               this text

Exit codes: 0 done, 1 a run failed, 2 bad options or another program at an app's address, 130 interrupted.`;

/** The profile names a user can give, for --help; a broken profiles file shows as its error. */
function profileNames(): string {
  try {
    return Object.keys(loadNetworkProfiles()).join(', ');
  } catch (error) {
    return `(cannot read the profiles: ${(error as Error).message})`;
  }
}

function list(name: string, raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new UsageError(`--${name} must be a comma list without empty items, got "${raw}"`);
  return items;
}

/** A number of cores, e.g. --disturbed-above 0.2: bench and load take it alike. */
export function cores(name: string, raw: string): number {
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(raw))
    throw new UsageError(`--${name} must be a number of cores >= 0, e.g. 0.2, got "${raw}"`);
  return Number(raw);
}

function integer(name: string, raw: string, min: number): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min)
    throw new UsageError(`--${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

/**
 * --shapes: names of the shapes registry, each once; the usage error lists the valid ones, as the client's 400 does.
 * With the user's message (--proto ...) `user` is the default, and one of the shapes of any list that omits it.
 * `npm run load` parses its --shapes here too (without the user's message), so both say the same.
 */
export function shapesOption(raw: string | undefined, withUser: boolean): ShapeName[] {
  const listed = list('shapes', raw);
  const names = withUser
    ? listed?.includes(USER_SHAPE_NAME)
      ? listed
      : [...(listed ?? []), USER_SHAPE_NAME]
    : (listed ?? [DEFAULT_SHAPE]);
  const unknown = names.filter((n) => !isShapeName(n));
  if (unknown.length > 0)
    throw new UsageError(`--shapes must list shapes from ${shapeNames().join(', ')}, got "${unknown.join(', ')}"`);
  if (new Set(names).size !== names.length) throw new UsageError(`--shapes must name each shape once, got "${raw}"`);
  return names as ShapeName[];
}

function invocations(raw: string): number {
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_INVOCATIONS) {
    throw new UsageError(
      `--invocations must be an integer from 1 to ` +
        `${MAX_INVOCATIONS} (each starts fresh server and client processes), got "${raw}"`,
    );
  }
  return Number(raw);
}

/** Parses and checks the command line; ranges against configured limits are checked when scenarios are built. */
export function parseOptions(argv: string[]): BenchOptions {
  const { values } = strictArgs(argv, {
    preset: { type: 'string' },
    transport: { type: 'string' },
    variants: { type: 'string' },
    shapes: { type: 'string' },
    proto: { type: 'string' },
    message: { type: 'string' },
    sample: { type: 'string' },
    'counter-field': { type: 'string' },
    'blob-bytes': { type: 'string' },
    rows: { type: 'string' },
    requests: { type: 'string' },
    concurrency: { type: 'string' },
    'chunk-rows': { type: 'string' },
    runs: { type: 'string' },
    'disturbed-above': { type: 'string' },
    quiet: { type: 'boolean' },
    'rerun-disturbed': { type: 'string' },
    invocations: { type: 'string' },
    warmup: { type: 'string' },
    out: { type: 'string' },
    format: { type: 'string' },
    scenarios: { type: 'string' },
    label: { type: 'string' },
    network: { type: 'string' },
    hosts: { type: 'string' },
    node: { type: 'string' },
    'server-node': { type: 'string' },
    'client-node': { type: 'string' },
    offline: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  const str = (k: string) => values[k] as string | undefined;

  if (str('transport') !== undefined && str('variants') !== undefined)
    throw new UsageError('--transport and --variants are alternatives: give one');
  let transports: VariantName[];
  if (str('variants') !== undefined) {
    transports = list('variants', str('variants'))!.map((v) => {
      const variant = variantNamed(v);
      if (variant === null)
        throw new UsageError(
          `--variants must list variants from ${VARIANT_NAMES.join(', ')} (${GZIP_ALIAS_NOTE}), got "${v}"`,
        );
      return variant;
    });
    if (new Set(transports).size !== transports.length)
      throw new UsageError(`--variants must name each variant once, got "${str('variants')}"`);
  } else if (
    str('transport') === undefined &&
    str('preset') !== undefined &&
    PRESET_DEFAULTS[str('preset')!]?.variants
  ) {
    transports = PRESET_DEFAULTS[str('preset')!].variants!();
  } else {
    const families = (list('transport', str('transport')) ?? [...ARTICLE_TRANSPORTS]) as TransportKind[];
    const unknown = families.filter((t) => !TRANSPORT_KINDS.includes(t as TransportKind));
    if (unknown.length > 0 || new Set(families).size !== families.length) {
      throw new UsageError(
        `--transport must list ${TRANSPORT_KINDS.join(', ')} at most once each, got "${str('transport')}"`,
      );
    }
    // A family means its baseline variant: json and grpc themselves, connect-proto for connect.
    transports = families.map(familyBaseline);
  }
  const custom = str('rows') !== undefined || str('requests') !== undefined || str('concurrency') !== undefined;
  if (str('preset') !== undefined && (custom || str('scenarios') !== undefined)) {
    throw new UsageError(
      '--preset cannot be combined with --scenarios or --rows/--requests/--concurrency: they replace the preset',
    );
  }
  if (custom && str('scenarios') !== undefined)
    throw new UsageError('--scenarios cannot be combined with --rows/--requests/--concurrency');
  const preset = str('preset') ?? (str('scenarios') !== undefined ? 'file' : custom ? 'custom' : 'article');
  if (str('preset') !== undefined && !PRESET_NAMES.includes(preset)) {
    throw new UsageError(`--preset must be one of ${PRESET_NAMES.join(', ')}, got "${preset}"`);
  }
  let formats: Format[];
  try {
    formats = parseFormats(str('format') ?? 'table');
  } catch (error) {
    throw new UsageError(`--format: ${(error as Error).message}`);
  }
  const label = str('label') ?? null;
  if (label !== null && (label.length > 200 || /[\x00-\x1f]/.test(label)))
    throw new UsageError('--label must be one line of at most 200 characters');
  if (str('out') === '') throw new UsageError('--out must not be empty');

  if (str('rerun-disturbed') !== undefined && values.quiet !== true)
    throw new UsageError('--rerun-disturbed applies with --quiet: give --quiet too');
  const rerunDisturbed =
    values.quiet === true
      ? integer('rerun-disturbed', str('rerun-disturbed') ?? String(DEFAULT_RERUN_DISTURBED), 0)
      : 0;
  if (rerunDisturbed > MAX_RERUN_DISTURBED)
    throw new UsageError(
      `--rerun-disturbed must be an integer from 0 to ${MAX_RERUN_DISTURBED}, got "${str('rerun-disturbed')}"`,
    );

  const hosts = parseHosts(str('hosts'));
  // A preset that compares runtimes (runtimes) names its own when the command line names none.
  const noRuntimeGiven = [str('node'), str('server-node'), str('client-node')].every((v) => v === undefined);
  const presetNode =
    noRuntimeGiven && values.help !== true ? PRESET_DEFAULTS[preset]?.runtimes?.().join(',') : undefined;
  const runtimes = parseRuntimeOptions({
    node: str('node') ?? presetNode,
    serverNode: str('server-node'),
    clientNode: str('client-node'),
    offline: values.offline === true,
  });
  // The netns hosts start their own apps, on this process's node; starting them on other runtimes is not built.
  if (hosts === 'netns' && runtimes)
    throw new UsageError(
      '--hosts netns starts the apps on this node: give --node / --server-node / --client-node without it',
    );
  const invocationsGiven = str('invocations') !== undefined;
  const asked = invocations(str('invocations') ?? String(PRESET_DEFAULTS[preset]?.invocations ?? 1));
  const invocationCount = runtimes ? roundsFor(runtimes.pairs.length, asked, invocationsGiven) : asked;
  // The netns hosts are started once per run; restarting them per invocation is not built (and not testable here).
  if (hosts === 'netns' && invocationCount > 1) {
    throw new UsageError(
      `--hosts netns runs one invocation: give --invocations ` +
        `1${str('invocations') === undefined ? ` (the ${preset} preset defaults to ${invocationCount})` : ''}`,
    );
  }

  const runs = integer('runs', str('runs') ?? String(PRESET_DEFAULTS[preset]?.runs ?? 5), 1);
  const warmup = integer('warmup', str('warmup') ?? String(PRESET_DEFAULTS[preset]?.warmup ?? 2), 0);
  // Before --shapes: building the user's message registers `user`, which --shapes may then name.
  const userShape = values.help === true ? null : userShapeOption(str);
  return {
    preset,
    transports,
    shapes: shapesOption(str('shapes'), userShape !== null),
    userShape,
    blobBytes: values.help === true ? null : blobBytesOption(str('blob-bytes')),
    rows: list('rows', str('rows'))?.map((v) => integer('rows', v, 1)),
    requests: list('requests', str('requests'))?.map((v) => integer('requests', v, 1)),
    concurrency: list('concurrency', str('concurrency'))?.map((v) => integer('concurrency', v, 1)),
    runs,
    invocations: invocationCount,
    chunkRows: str('chunk-rows') === undefined ? undefined : integer('chunk-rows', str('chunk-rows')!, 1),
    warmup,
    given: {
      ...(str('variants') !== undefined || str('transport') !== undefined ? { variants: transports } : {}),
      ...(str('runs') !== undefined ? { runs } : {}),
      ...(str('warmup') !== undefined ? { warmup } : {}),
    },
    out: str('out'),
    formats,
    scenariosFile: str('scenarios'),
    label,
    networks: parseNetworks(str('network') ?? PRESET_DEFAULTS[preset]?.networks?.join(',')),
    hosts,
    runtimes,
    disturbedAbove: cores('disturbed-above', str('disturbed-above') ?? String(DEFAULT_DISTURBED_ABOVE)),
    quiet: values.quiet === true,
    rerunDisturbed,
    help: values.help === true,
  };
}
