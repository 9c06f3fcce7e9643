import type { RunStats } from '../result/result.interface';
import { roundMicros } from '../round-micros';
import { medianConfidenceInterval, percentile, sortAscending } from '../stats/order-statistics';

const EMPTY: RunStats = {
  n: 0,
  meanMs: 0,
  medianMs: 0,
  medianCiLowMs: 0,
  medianCiHighMs: 0,
  medianCiLevel: 0,
  p90Ms: 0,
  p99Ms: 0,
  minMs: 0,
  maxMs: 0,
  stdevMs: 0,
  cv: 0,
};

/**
 * Raw durations (ms) -> statistics, all exact: a bench run has a few samples, where a histogram's buckets would
 * only blur them. Percentiles are type 7 order statistics and the median's interval comes from the binomial
 * distribution of ranks (both in stats/order-statistics.ts).
 */
export function aggregate(durationsMs: number[]): RunStats {
  const n = durationsMs.length;
  if (n === 0) return { ...EMPTY };
  const sorted = sortAscending(durationsMs);
  // Every figure in whole µs, like the samples (performance.now() is no finer). Rounding is monotone, so the order
  // min <= CI low <= median <= CI high <= max and min <= p50 <= p90 <= p99 <= max survives it.
  const at = (p: number) => roundMicros(percentile(sorted, p));
  const ci = medianConfidenceInterval(sorted);
  const mean = durationsMs.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? durationsMs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  return {
    n,
    meanMs: roundMicros(mean),
    medianMs: at(50),
    medianCiLowMs: roundMicros(ci.low),
    medianCiHighMs: roundMicros(ci.high),
    medianCiLevel: ci.level,
    p90Ms: at(90),
    p99Ms: at(99),
    minMs: roundMicros(sorted[0]),
    maxMs: roundMicros(sorted[n - 1]),
    stdevMs: roundMicros(Math.sqrt(variance)),
    cv: mean > 0 ? Math.round((Math.sqrt(variance) / mean) * 1e4) / 1e4 : 0,
  };
}
