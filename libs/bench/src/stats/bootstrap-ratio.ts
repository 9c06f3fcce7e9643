import { percentile, quantileType7, sortAscending } from './order-statistics';
import { seededRandom } from './seeded-random';

/** A ratio of two medians with a percentile-bootstrap interval. */
export interface RatioEstimate {
  /** median(b) / median(a), from the samples themselves (every run of every invocation pooled). */
  ratio: number;
  low: number;
  high: number;
  /** The level aimed for (0.95); with very few runs the interval is coarse (few distinct medians to resample). */
  level: number;
  resamples: number;
  /**
   * Invocations (fresh server and client processes) the interval resampled: 1 is today's one-level bootstrap over
   * runs; more is the two-level one (invocations, then runs within them). Absent in files written before invocations.
   */
  invocations?: number;
}

export const RESAMPLES = 2000;
// Read once (see seeded-random.ts): resampling calls it for every draw.
const floor = Math.floor;
const DEFAULT_SEED = 0x5eed;

const median = (xs: readonly number[]) => percentile(sortAscending(xs), 50);

/**
 * median(b) / median(a) and its 95% percentile-bootstrap interval: each side resampled with replacement on its own
 * (the runs of two variants are independent draws), 2,000 times, from a fixed seed so the same runs always give the
 * same interval. Null when a side is empty or a median is 0. The one-invocation case of twoLevelMedianRatio.
 */
export function bootstrapMedianRatio(
  a: readonly number[],
  b: readonly number[],
  level = 0.95,
  seed = DEFAULT_SEED,
): RatioEstimate | null {
  return twoLevelMedianRatio([a], [b], level, seed);
}

/**
 * The two-level (hierarchical) bootstrap of median(b) / median(a) for runs grouped by invocation: `a[k]` and `b[k]`
 * are the runs each side made in invocation k, the same server and client processes. Each resample draws K
 * invocations with replacement (the same draws for both sides, as both ran in those processes), then, within each
 * drawn invocation, that side's runs with replacement; the statistic is the median of the pooled draws (Davison &
 * Hinkley 1997, §3.8, the two-stage bootstrap; Kalibera & Jones, ISMM 2013, for executions and iterations).
 * Resampling at both stages makes the interval a little wider than the truth, never narrower: the safe side.
 * With one invocation no invocation is drawn, so it is exactly the one-level bootstrap over runs.
 */
export function twoLevelMedianRatio(
  a: readonly (readonly number[])[],
  b: readonly (readonly number[])[],
  level = 0.95,
  seed = DEFAULT_SEED,
  resamples = RESAMPLES,
): RatioEstimate | null {
  const pooledA = a.flat();
  const pooledB = b.flat();
  if (pooledA.length === 0 || pooledB.length === 0 || median(pooledA) === 0) return null;
  const k = Math.max(a.length, b.length);
  const draw = twoLevelDraw(seededRandom(seed), k);
  const ratios: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const picked = draw.invocations();
    const ra = draw.runs(a, picked);
    // b is drawn only after a usable a, as the one-level bootstrap always did, so its intervals stay the same.
    const ma = ra.length > 0 ? sortedMedian(ra) : 0;
    if (!(ma > 0)) continue;
    const rb = draw.runs(b, picked);
    // A side that ran in none of the drawn invocations has no median in this resample (only when a side missed some).
    if (rb.length > 0) ratios.push(sortedMedian(rb) / ma);
  }
  if (ratios.length === 0) return null;
  const sorted = sortAscending(ratios);
  const tail = ((1 - level) / 2) * 100;
  return {
    ratio: median(pooledB) / median(pooledA),
    low: percentile(sorted, tail),
    high: percentile(sorted, 100 - tail),
    level,
    resamples,
    invocations: k,
  };
}

/** A percentile interval for one side's median from the same two-level resampling. */
export interface MedianBootstrap {
  low: number;
  high: number;
  level: number;
}

/** The two-level percentile-bootstrap interval of the median of runs grouped by invocation; null without runs. */
export function twoLevelMedianInterval(
  groups: readonly (readonly number[])[],
  level = 0.95,
  seed = DEFAULT_SEED,
  resamples = RESAMPLES,
): MedianBootstrap | null {
  if (groups.flat().length === 0) return null;
  const draw = twoLevelDraw(seededRandom(seed), groups.length);
  const medians: number[] = [];
  for (let i = 0; i < resamples; i++) {
    const runs = draw.runs(groups, draw.invocations());
    if (runs.length > 0) medians.push(sortedMedian(runs));
  }
  const sorted = sortAscending(medians);
  const tail = ((1 - level) / 2) * 100;
  return { low: percentile(sorted, tail), high: percentile(sorted, 100 - tail), level };
}

/**
 * The two stages of one resample, from one random stream. One invocation draws nothing at the first stage, so the
 * stream (and every interval) is the one the one-level bootstrap has always given. Draws go into a typed array,
 * whose sort is numeric and allocation-free: a coverage test makes hundreds of thousands of resamples.
 */
function twoLevelDraw(random: () => number, k: number) {
  const all = Array.from({ length: k }, (_, i) => i);
  let buffer = new Float64Array(64);
  return {
    invocations: (): number[] => (k === 1 ? all : all.map(() => floor(random() * k))),
    /** The drawn runs, sorted ascending (a view that the next call overwrites). */
    runs: (groups: readonly (readonly number[])[], picked: number[]): Float64Array => {
      const size = picked.reduce((sum, i) => sum + (groups[i]?.length ?? 0), 0);
      if (buffer.length < size) buffer = new Float64Array(size * 2);
      let at = 0;
      for (const i of picked) {
        const xs = groups[i] ?? [];
        for (let j = 0; j < xs.length; j++) buffer[at++] = xs[floor(random() * xs.length)];
      }
      return buffer.subarray(0, size).sort();
    },
  };
}

/** The type 7 median of ascending values (order-statistics.ts), from a typed array. */
function sortedMedian(sorted: Float64Array): number {
  return quantileType7(sorted.length, 50, (i) => sorted[i]);
}
