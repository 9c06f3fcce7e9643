import { MEDIAN_CI_LEVEL, medianConfidenceInterval, sortAscending, type MedianInterval } from './order-statistics';

/** Which median is lower, when the samples can tell. */
export type MedianOrder = 'a-lower' | 'b-lower' | 'not distinguishable';

export interface MedianComparison {
  a: MedianInterval;
  b: MedianInterval;
  order: MedianOrder;
}

/**
 * Two samples' medians told apart by their confidence intervals: distinguishable only when the intervals do not
 * overlap. Two 95% intervals that miss each other is a conservative test (false alarms well under 5%).
 *
 * Below 6 samples an interval is the whole [min, max] range and its coverage falls short of 95%. Two ranges of
 * n and m exchangeable samples miss each other by chance alone with probability 2 / C(n + m, n), so a verdict also
 * needs that to be at most 1 - level: 4 + 4 or 3 + 5 samples can tell, 3 + 3 (0.10) and 1 + 1 (1.0) cannot.
 */
export function compareMedians(a: readonly number[], b: readonly number[], level = MEDIAN_CI_LEVEL): MedianComparison {
  const ciA = medianConfidenceInterval(sortAscending(a), level);
  const ciB = medianConfidenceInterval(sortAscending(b), level);
  const enough = 2 / binomial(a.length + b.length, a.length) <= 1 - level;
  const order: MedianOrder = !enough
    ? 'not distinguishable'
    : ciA.high < ciB.low
      ? 'a-lower'
      : ciB.high < ciA.low
        ? 'b-lower'
        : 'not distinguishable';
  return { a: ciA, b: ciB, order };
}

/** C(n, k) in floating point; Infinity for huge n is fine here (2 / Infinity = 0). */
function binomial(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= Math.min(k, n - k); i++) c = (c * (n - Math.min(k, n - k) + i)) / i;
  return c;
}
