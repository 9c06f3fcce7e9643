/**
 * Statistics from raw samples, exact, for the few samples a bench run has (5 to 30 runs, up to MAX_RUNS).
 *
 * Percentile definition, used by every mode (the load histograms approximate the same one): Hyndman & Fan type 7,
 * the default of R and NumPy and Excel's PERCENTILE.INC. For sorted samples x[0..n-1] and p in [0, 100]:
 *   h = (n - 1) * p / 100,  lo = floor(h),  Q(p) = x[lo] + (h - lo) * (x[lo + 1] - x[lo])
 * so Q(0) = min, Q(100) = max, and every percentile lies between two samples: min <= p50 <= p90 <= p99 <= max.
 * (HDR's "value at percentile" is the highest value equivalent to a bucket, which can exceed every sample.)
 */

/** The confidence the median interval aims for; printers mark intervals that could not reach it. */
export const MEDIAN_CI_LEVEL = 0.95;

/** A copy, ascending; the samples themselves stay in run order. */
export function sortAscending(samples: readonly number[]): number[] {
  return [...samples].sort((a, b) => a - b);
}

/**
 * Type 7 over n ordered values read through `at(i)` (0-based), so a histogram can answer with its own order
 * statistics. The result is clamped to its two neighbours: float rounding must not step past a sample.
 */
export function quantileType7(n: number, p: number, at: (index: number) => number): number {
  if (n <= 0) throw new RangeError('a percentile needs at least one sample');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be in [0, 100], got ${p}`);
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const fraction = h - lo;
  const below = at(lo);
  if (fraction === 0) return below;
  const above = at(lo + 1);
  return Math.min(above, Math.max(below, below + fraction * (above - below)));
}

/** Type 7 percentile of ascending samples (see the definition above). */
export function percentile(sorted: readonly number[], p: number): number {
  return quantileType7(sorted.length, p, (i) => sorted[i]);
}

/** A distribution-free interval for the median: two order statistics and the confidence they actually reach. */
export interface MedianInterval {
  low: number;
  high: number;
  /** Achieved coverage, e.g. 0.9785; below the asked level only when n is too small to reach it (n <= 5 at 95%). */
  level: number;
  /** 1-based ranks of low and high: (k, n + 1 - k). */
  ranks: [number, number];
}

/**
 * The number of samples below the true median is Binomial(n, 1/2) whatever the distribution, so
 * [x(k), x(n+1-k)] covers it with probability 1 - 2 * P(Bin(n, 1/2) <= k - 1). We take the largest k whose
 * coverage is still >= level (the narrowest such interval); when even k = 1, [min, max], falls short (n <= 5 at
 * 95%: n = 5 gives 0.9375), we return [min, max] with the coverage it has.
 */
export function medianConfidenceInterval(sorted: readonly number[], level = MEDIAN_CI_LEVEL): MedianInterval {
  const n = sorted.length;
  if (n === 0) throw new RangeError('a confidence interval needs at least one sample');
  const { k, coverage } = medianCiRank(n, level);
  return { low: sorted[k - 1], high: sorted[n - k], level: coverage, ranks: [k, n + 1 - k] };
}

/** Above this the sums are done in floating point: BigInt sums cost O(n^2) bits and no bench run gets near it. */
const EXACT_UP_TO = 5000;

/** The k of medianConfidenceInterval and its coverage, for n samples. */
export function medianCiRank(n: number, level = MEDIAN_CI_LEVEL): { k: number; coverage: number } {
  const coverageAt = n <= EXACT_UP_TO ? exactCoverages(n) : floatCoverages(n);
  let k = 1;
  let coverage = coverageAt.next().value as number;
  // k may grow while the interval stays an interval (k <= n + 1 - k) and keeps the level.
  while (2 * (k + 1) <= n + 1) {
    const next = coverageAt.next().value as number;
    if (next < level) break;
    k++;
    coverage = next;
  }
  return { k, coverage };
}

/** Coverage for k = 1, 2, ...: binomial sums as exact integers over 2^n, then one division. */
function* exactCoverages(n: number): Generator<number> {
  const total = 1n << BigInt(n);
  const scale = 1n << 64n;
  let term = 1n; // C(n, i)
  let below = 0n; // sum of C(n, j) for j < k, i.e. 2^n * P(Bin <= k - 1)
  for (let i = 0; ; i++) {
    below += term;
    // 64 fraction bits, exact to 5e-20: more than a double holds.
    yield Number(((total - 2n * below) * scale) / total) / 2 ** 64;
    term = (term * BigInt(n - i)) / BigInt(i + 1);
  }
}

/** The same sums in log space for very large n, accurate to about 1e-9. */
function* floatCoverages(n: number): Generator<number> {
  let logTerm = -n * Math.LN2; // log P(Bin = i)
  let below = 0;
  for (let i = 0; ; i++) {
    below += Math.exp(logTerm);
    yield 1 - 2 * below;
    logTerm += Math.log(n - i) - Math.log(i + 1);
  }
}
