/** One scenario of a preset or a --scenarios file; each runs on every selected transport. */
export interface ScenarioSpec {
  name: string;
  mode: 'single' | 'parallel';
  rows: number;
  requests: number;
  /** Absent: all requests at once, like the article's forkJoin. */
  concurrency?: number;
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
const QUICK: ScenarioSpec[] = [single('single-1', 1), single('single-1000', 1000), parallel('parallel-10x1', 1, 10), parallel('parallel-4x500', 500, 4)];

const ROW_SWEEP = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
const PARALLEL_SWEEP = [1, 10, 100, 1000, 10_000];
const CAP = 100;

/** The article's cases, then rows 1 -> 1,000,000 in one request, then 1 -> 10,000 parallel 1-row requests uncapped and capped. */
const FULL: ScenarioSpec[] = [
  ...ARTICLE,
  ...ROW_SWEEP.map((rows) => single(`rows-${rows}`, rows)),
  ...PARALLEL_SWEEP.map((requests) => parallel(`parallel-${requests}`, 1, requests)),
  ...PARALLEL_SWEEP.filter((requests) => requests > CAP).map((requests) => parallel(`parallel-${requests}-c${CAP}`, 1, requests, CAP)),
];

export const PRESETS: Record<string, ScenarioSpec[]> = { article: ARTICLE, quick: QUICK, full: FULL };
export const PRESET_NAMES = Object.keys(PRESETS);
