import type { ShapeName } from '@app/shapes';
import {
  ARTICLE_TRANSPORTS,
  GZIP_SUFFIX,
  isStreamingVariant,
  MIN_RUNS_FOR_VERDICT,
  VARIANT_NAMES,
  VariantName,
  VARIANTS,
} from '@app/bench';
import { builtInShapeSizes } from './shape-sizes';
import { presetRuntimes } from './runtimes-preset';

/** One scenario of a preset or a --scenarios file; each runs on every selected transport. */
export interface ScenarioSpec {
  name: string;
  mode: 'single' | 'parallel';
  rows: number;
  requests: number;
  /** Absent: all requests at once, like the article's forkJoin. */
  concurrency?: number;
  /** A preset's own measured-run count for this case, used unless --runs is given (caseSettings). */
  runs?: number;
  /** A preset's own warm-up count for this case, used unless --warmup is given (caseSettings). */
  warmup?: number;
  /** Streaming variants: rows per chunk for this case (else --chunk-rows, else STREAM_CHUNK_ROWS). */
  chunkRows?: number;
  /** Run only on the chosen variants that stream (rows beyond MAX_ROWS, chunk sweeps). */
  streamingOnly?: boolean;
  /** A preset's own variants for this case, used unless --variants or --transport is given (variantsFor). */
  variants?: VariantName[];
  /**
   * How the case differs from what the command line asked (a concurrency capped at the requests), kept in result.json.
   */
  note?: string;
  /** The message shape of every request (--shapes crosses each case with each shape); absent: row. */
  shape?: ShapeName;
}

const single = (name: string, rows: number): ScenarioSpec => ({ name, mode: 'single', rows, requests: 1 });
const parallel = (name: string, rows: number, requests: number, concurrency?: number): ScenarioSpec => ({
  name,
  mode: 'parallel',
  rows,
  requests,
  ...(concurrency ? { concurrency } : {}),
});

/** The article's seven cases, named as it names them. */
const ARTICLE: ScenarioSpec[] = [
  single('1-1', 1),
  single('1-2', 10_000),
  single('1-3', 1_000_000),
  parallel('2-1', 1, 10),
  parallel('2-2', 1, 100),
  parallel('2-3', 1, 1000),
  parallel('extra', 20_000, 4),
];

/** Small sizes of each shape, for a check in well under a minute (the jest benchmark suite runs it). */
const QUICK: ScenarioSpec[] = [
  single('single-1', 1),
  single('single-1000', 1000),
  parallel('parallel-10x1', 1, 10),
  parallel('parallel-4x500', 500, 4),
];

const ROW_SWEEP = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const CHUNK_SWEEP = [100, 1000, 10_000];
const PARALLEL_SWEEP = [1, 10, 100, 1000, 10_000];
const CAP = 100;

/**
 * The article's cases, then rows 1 -> 1,000,000 in one request, then 1 -> 10,000 parallel 1-row requests uncapped and
 * capped.
 */
const FULL: ScenarioSpec[] = [
  ...ARTICLE,
  ...ROW_SWEEP.map((rows) => single(`rows-${rows}`, rows)),
  ...PARALLEL_SWEEP.map((requests) => parallel(`parallel-${requests}`, 1, requests)),
  ...PARALLEL_SWEEP.filter((requests) => requests > CAP).map((requests) =>
    parallel(`parallel-${requests}-c${CAP}`, 1, requests, CAP),
  ),
  // Streaming variants only: 1,000,000 rows in chunks of 100, 1,000 and 10,000 rows.
  ...CHUNK_SWEEP.map((chunkRows): ScenarioSpec => ({
    ...single(`stream-1000000-chunk-${chunkRows}`, 1_000_000),
    chunkRows,
    streamingOnly: true,
  })),
];

/**
 * Memory as a result: 10,000,000 rows on the streaming variants (one message cannot), then 1,000,000 on every chosen
 * variant. Streams first: a process keeps the memory a one-message run took, so peaks measured after one would
 * show that run's high-water mark, not the stream's.
 */
const MEMORY: ScenarioSpec[] = [
  { ...single('rows-10000000', 10_000_000), streamingOnly: true },
  single('rows-1000000', 1_000_000),
];

/**
 * The article's three single-request cases and its 1,000-parallel case: what the explain preset takes apart, each
 * with the preset's 5 runs, the fewest that may name a faster side (MIN_RUNS_FOR_VERDICT). One run of the
 * 1,000,000-row case on every variant is about two minutes here (8 to 20 s a variant), so that case alone is ~16
 * minutes an invocation with its warm-up and wire pass: the preset takes about 40 minutes with its 2 invocations.
 */
const EXPLAIN: ScenarioSpec[] = ARTICLE.filter((c) => ['1-1', '1-2', '1-3', '2-3'].includes(c.name));

// Rows each batching case moves in all; N x 1 is 10,000 one-row requests, all in flight (the article's forkJoin).
export const BATCH_ROWS = 10_000;

/** The same N rows as 1 x N, 10 x N/10, 100 x N/100 and N x 1 requests: many small calls against one large one. */
const BATCHING: ScenarioSpec[] = [1, 10, 100, BATCH_ROWS].map((requests) => {
  const rows = BATCH_ROWS / requests;
  return requests === 1 ? single(`batch-1x${rows}`, rows) : parallel(`batch-${requests}x${rows}`, rows, requests);
});

/**
 * Where the verdict flips: one request of 1, 10,000 and 100,000 rows and the article's 1,000-parallel case, run under
 * each of the network profiles (PRESET_DEFAULTS.network.networks), each case under every profile before the next.
 * Why 100,000 rows and not the article's 1,000,000: a verdict needs 5 measured runs a side and 2 invocations, and
 * under mobile one 1,000,000-row JSON response alone is ~2 minutes (277 MB at 20 Mbit/s) and gRPC's with HTTP/2's
 * 64 KiB window ~6: that case alone was hours on 2 cores. 100,000 rows is ten times less and still a large message
 * (28 MB of JSON); `--rows 1000000 --network ...` measures the article's case when it is worth the wait.
 */
const NETWORK: ScenarioSpec[] = [
  ...ARTICLE.filter((c) => ['1-1', '1-2'].includes(c.name)),
  single('rows-100000', 100_000),
  ...ARTICLE.filter((c) => c.name === '2-3'),
];

/**
 * One request of `rows` rows of a shape, named <case>-<shape> as --shapes names them (the row's too: every case names
 * its shape).
 */
const ofShape = (shape: ShapeName, rows: number): ScenarioSpec => ({ ...single(`rows-${rows}-${shape}`, rows), shape });

/**
 * Does the verdict follow the message? Every built-in shape at three sizes: a reply of ~100 MB of JSON, a tenth and a
 * hundredth of it. The sizes are computed, not guessed (shape-sizes.ts): 100 MB over each shape's mean JSON row,
 * measured on its own rows, so a 5 KiB `binary` row gets ~18,000 rows where the article's ~280-byte row gets ~360,000.
 */
const SHAPES_CASES: ScenarioSpec[] = builtInShapeSizes().flatMap(({ shape, sizes }) =>
  sizes.map((rows) => ofShape(shape, rows)),
);

/**
 * Serializers on every shape at one large size: each shape's ~10 MB case (the middle of SHAPES_CASES). Large enough
 * that encoding and decoding are most of a request (at 10,000 rows of `row` serialization is already gRPC's largest
 * phase, docs/variants.md), and ten times cheaper than the 100 MB case on the preset's six or more variants.
 */
const SERIALIZERS_CASES: ScenarioSpec[] = builtInShapeSizes().map(({ shape, sizes }) => ofShape(shape, sizes[1]));

/**
 * The article's two families' variants (json, grpc): the presets below answer its question; the connect family is
 * timed by naming its variants (--variants, --transport connect), or by the connect preset (connectVariants).
 */
function articleFamilies(): VariantName[] {
  return VARIANT_NAMES.filter((v) => ARTICLE_TRANSPORTS.includes(VARIANTS[v].family) && !VARIANTS[v].native);
}

/**
 * The explain preset's variants: every one-message variant of the article's families once, so each factor has its own
 * row, and `+gzip` twins only of the two baselines (the compression factor, once per family). Not the streaming
 * variants: they are the memory preset's, and their 1,000,000-row runs would not fit the explain preset's time.
 */
export function explainVariants(): VariantName[] {
  return articleFamilies().filter(
    (v) =>
      !isStreamingVariant(v) && (!v.endsWith(GZIP_SUFFIX) || [`json${GZIP_SUFFIX}`, `grpc${GZIP_SUFFIX}`].includes(v)),
  );
}

/**
 * Explain by runtime: the article's seven cases on json and grpc (the preset's variants), then one request of 100,000
 * rows, the case issue 20 measured on Node 20, 24 and 26 (gRPC/JSON 2.7, 2.41, 3.16), on the explain preset's
 * variants, so each runtime's large case is taken apart factor by factor. 100,000 rows, not the explain preset's
 * 1,000,000: large enough that serialization is most of a request, and ten times cheaper a run, which matters on
 * sixteen variants × four runtimes × 2 rounds: at 1,000,000 rows (8 to 20 s a run and variant here, 9 runs with the
 * warm-ups and the wire pass) that case alone would be hours on 2 cores. Its warm-up is the explain preset's one, not
 * the article's two: sixteen variants make one warm-up run a ninth of the case's time. Run on every cached runtime
 * (runtimes-preset.ts) unless --node says which.
 */
const RUNTIMES: ScenarioSpec[] = [
  ...ARTICLE,
  { ...single('rows-100000', 100_000), variants: explainVariants(), warmup: 1 },
];

/**
 * Where Connect sits between Nest's two stacks: the article's seven cases (the explain preset's four among them) on
 * connectVariants(). Time, on this 2-core machine: 1-3 (1,000,000 rows) is 8 to 20 s a run and variant, and every
 * variant makes 7 runs of it an invocation (1 warm-up, 5 measured, the wire pass); on 12 variants that is 11 to 28
 * minutes an invocation, and the six other cases together add about 2 (1,000 parallel 1-row requests is under a second
 * a run). With 2 invocations the preset takes about 25 to 60 minutes, ~40 typically: the explain preset's budget, and
 * the top of what one sitting should take. Over that (a busier machine), `--invocations 1` halves it, at the cost of
 * intervals that hold within one set of processes only.
 */
const CONNECT: ScenarioSpec[] = ARTICLE;

/**
 * How far each family's best Node path is from the native floor: one request of 1,000,000 rows of `row` (the case
 * where serialization is most of the time) and of 10,000, on the fastest Node paths of each family and message form
 * and the Go reference servers (floorVariants).
 */
const FLOOR: ScenarioSpec[] = [single('rows-10000', 10_000), single('rows-1000000', 1_000_000)];

export const PRESETS: Record<string, ScenarioSpec[]> = {
  article: ARTICLE,
  quick: QUICK,
  full: FULL,
  batching: BATCHING,
  explain: EXPLAIN,
  memory: MEMORY,
  network: NETWORK,
  shapes: SHAPES_CASES,
  serializers: SERIALIZERS_CASES,
  runtimes: RUNTIMES,
  connect: CONNECT,
  floor: FLOOR,
};
export const PRESET_NAMES = Object.keys(PRESETS);

/** What a preset runs when the command line does not say: its variants, runs and warm-ups. */
export interface PresetDefaults {
  variants?: () => VariantName[];
  /** Network profiles each case runs under, unless --network is given. */
  networks?: string[];
  runs?: number;
  warmup?: number;
  /** The runtimes to compare (--node's specs) unless --node, --server-node or --client-node is given. */
  runtimes?: () => string[];
  /**
   * Fresh server and client processes to repeat the run in, unless --invocations is given: 2 for the presets that
   * name a faster side, so their intervals hold across processes, not only within one.
   */
  invocations?: number;
}

/**
 * The two baselines and the streams with their family's own serializer: what full's chunk sweep and the memory preset
 * need (a stream's serializer twin, e.g. grpc-stream-static, changes the encoder, not the message form or its memory;
 * the serializers preset times those).
 */
const baselinesAndStreams = () =>
  articleFamilies().filter(
    (v) => v === 'json' || v === 'grpc' || (isStreamingVariant(v) && VARIANTS[v].serializer === undefined),
  );

/**
 * The serializer axis from the registry: every variant whose factor is `serializer`, the baseline each changes (its
 * serializer held fixed: `grpc`'s proto-loader, `json-fastify`'s JSON.stringify), and `json`, the JSON side of every
 * gRPC/JSON ratio. A serializer that joins the registry joins the preset.
 */
export function serializerVariants(): VariantName[] {
  const serializers = VARIANT_NAMES.filter((v) => VARIANTS[v].factor === 'serializer');
  const wanted = new Set<string>(['json', ...serializers.map((v) => VARIANTS[v].baseline!), ...serializers]);
  return VARIANT_NAMES.filter((v) => wanted.has(v));
}

/**
 * The shapes preset's variants: the two baselines and the fastest one-message variant of each family. One message,
 * since the streams are another message form (the memory preset's), and the question is the message type. Which is
 * fastest was measured here (2 cores shared with other jobs, Node 20) before the preset was written: one request of
 * 10,000 rows of each shape, 3 runs after 1 warm-up, every one-message variant of the two families (docs/shapes.md):
 * `json-undici` had the lowest JSON-family median on row, numeric and text (0.43×, 0.49×, 0.62× json), `json-fastify`
 * on nested, `json` on binary; `grpc-sliced` the lowest gRPC-family median on row (0.81× grpc) and within 4% of the
 * lowest elsewhere, and at 1,000,000 rows of `row` it is the only one the runs told apart from grpc (0.63×,
 * docs/variants.md). Three runs with spreads of 4–69% (the machine was shared) rank medians, they tell nothing apart:
 * the preset itself runs the baselines beside them, so a wrong pick shows as a ratio near 1, not as a wrong verdict.
 */
export const SHAPES_PRESET_VARIANTS: VariantName[] = ['json', 'json-undici', 'grpc', 'grpc-sliced'];

/**
 * The comparators every Connect variant is placed against: the article's two baselines and each one's fastest server
 * path.
 */
export const CONNECT_COMPARATORS: VariantName[] = ['json', 'json-fastify', 'grpc', 'grpc-bare'];

/**
 * The connect preset's variants: the comparators, then every variant of the connect family from the registry, so one
 * that joins the family (connect-bare) joins the preset. The streaming one (connect-stream) too: the engine runs a
 * streaming variant on an ordinary case as a stream of chunk-row messages (full and memory do, with json-stream and
 * grpc-stream), so it places Connect's server streaming on the same cases; only a streamingOnly case narrows the
 * other way, and this preset has none.
 */
export function connectVariants(): VariantName[] {
  return [...CONNECT_COMPARATORS, ...VARIANT_NAMES.filter((v) => VARIANTS[v].family === 'connect')];
}

/**
 * The floor preset's variants: each family's fastest Node paths, one message and streamed, as measured here
 * (docs/serializers.md, docs/streaming.md: json-undici and json-stream for JSON; grpc-sliced, the pbf serializers and
 * grpc-stream-static for gRPC), then every native variant from the registry (the Go servers), so each case shows the
 * best Node path of each family beside its floor.
 */
export function floorVariants(): VariantName[] {
  const fastestNode: VariantName[] = [
    'json-undici',
    'json-stream',
    'grpc-sliced',
    'grpc-pbf-sized',
    'grpc-stream-static',
  ];
  return [...fastestNode, ...VARIANT_NAMES.filter((v) => VARIANTS[v].native)];
}

export const PRESET_DEFAULTS: Record<string, PresetDefaults> = {
  // 5 runs (the fewest that name a side) after 1 warm-up, one invocation: 15 cases on 4 variants took 20 minutes here
  // (2 cores shared with other jobs, docs/shapes.md); 2 invocations, as explain has, would double it.
  shapes: { variants: () => [...SHAPES_PRESET_VARIANTS], runs: MIN_RUNS_FOR_VERDICT, warmup: 1 },
  serializers: { variants: serializerVariants, runs: MIN_RUNS_FOR_VERDICT, warmup: 1 },
  full: { variants: baselinesAndStreams },
  memory: { variants: baselinesAndStreams, runs: 3, warmup: 1 },
  // grpc-window beside grpc: HTTP/2's default window against a tuned one, where the round trip makes it matter.
  // The streaming variants too: a stream's many messages still cross one HTTP/2 stream's window (grpc-stream) or
  // one TCP connection (json-stream), and users who export big tables ask about them first.
  network: {
    variants: () => ['json', 'grpc', 'grpc-window', 'json-stream', 'grpc-stream'],
    runs: MIN_RUNS_FOR_VERDICT,
    warmup: 1,
    invocations: 2,
    networks: ['loopback', 'lan', 'wan', 'mobile'],
  },
  // The gRPC/JSON ratio on each runtime: the two baselines (the large case has its own, see RUNTIMES), with the
  // article preset's runs and warm-ups (5 after 2), in 2 rounds of blocks (every runtime's apps started twice, the
  // --node default).
  runtimes: { variants: () => ['json', 'grpc'], runtimes: () => presetRuntimes() },
  // 5 runs after 1 warm-up in each of 2 invocations, as explain (see CONNECT for the time that takes).
  connect: { variants: connectVariants, runs: MIN_RUNS_FOR_VERDICT, warmup: 1, invocations: 2 },
  // 5 runs after 1 warm-up, one invocation: 1,000,000 rows is 3 to 10 s a run on the Node paths here.
  floor: { variants: floorVariants, runs: MIN_RUNS_FOR_VERDICT, warmup: 1 },
  // 5 runs after 1 warm-up in each of 2 invocations (see EXPLAIN).
  explain: {
    variants: explainVariants,
    runs: MIN_RUNS_FOR_VERDICT,
    warmup: 1,
    invocations: 2,
  },
};
