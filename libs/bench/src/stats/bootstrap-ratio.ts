import { percentile, sortAscending } from './order-statistics';
import { seededRandom } from './seeded-random';

/** A ratio of two medians with a percentile-bootstrap interval. */
export interface RatioEstimate {
  /** median(b) / median(a), from the samples themselves. */
  ratio: number;
  low: number;
  high: number;
  /** The level aimed for (0.95); with very few runs the interval is coarse (few distinct medians to resample). */
  level: number;
  resamples: number;
}

const RESAMPLES = 2000;

/**
 * median(b) / median(a) and its 95% percentile-bootstrap interval: each side resampled with replacement on its own
 * (the runs of two variants are independent draws), 2,000 times, from a fixed seed so the same runs always give the
 * same interval. Null when a side is empty or a median is 0.
 */
export function bootstrapMedianRatio(a: readonly number[], b: readonly number[], level = 0.95, seed = 0x5eed): RatioEstimate | null {
  const median = (xs: readonly number[]) => percentile(sortAscending(xs), 50);
  if (a.length === 0 || b.length === 0 || median(a) === 0) return null;
  const random = seededRandom(seed);
  const draw = (xs: readonly number[]) => xs.map(() => xs[Math.floor(random() * xs.length)]);
  const ratios: number[] = [];
  for (let i = 0; i < RESAMPLES; i++) {
    const ma = median(draw(a));
    if (ma > 0) ratios.push(median(draw(b)) / ma);
  }
  const sorted = sortAscending(ratios);
  const tail = ((1 - level) / 2) * 100;
  return { ratio: median(b) / median(a), low: percentile(sorted, tail), high: percentile(sorted, 100 - tail), level, resamples: RESAMPLES };
}
