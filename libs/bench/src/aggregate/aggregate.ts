import * as hdr from 'hdr-histogram-js';
import type { RunStats } from '../result/result.interface';
import { roundMicros } from '../round-micros';

// Durations are recorded in microseconds: 3 significant digits keep 0.1% precision from 1 µs to an hour.
const MICROS_PER_MS = 1000;
const HIGHEST_TRACKABLE_MICROS = 3_600_000_000;

/**
 * Raw durations (ms) -> statistics. Percentiles come from an HDR histogram (the same method autocannon and
 * ghz use, so a p99 here means what it means there); min, max, mean and stdev are exact.
 */
export function aggregate(durationsMs: number[]): RunStats {
  const n = durationsMs.length;
  if (n === 0) return { n: 0, meanMs: 0, medianMs: 0, p90Ms: 0, p99Ms: 0, minMs: 0, maxMs: 0, stdevMs: 0, cv: 0 };
  const histogram = hdr.build({
    bitBucketSize: 64,
    lowestDiscernibleValue: 1,
    highestTrackableValue: HIGHEST_TRACKABLE_MICROS,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
  for (const ms of durationsMs) histogram.recordValue(Math.max(1, Math.round(ms * MICROS_PER_MS)));
  const mean = durationsMs.reduce((a, b) => a + b, 0) / n;
  const variance = n > 1 ? durationsMs.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1) : 0;
  const percentile = (p: number) => histogram.getValueAtPercentile(p) / MICROS_PER_MS;
  const stats: RunStats = {
    n,
    meanMs: roundMicros(mean),
    medianMs: percentile(50),
    p90Ms: percentile(90),
    p99Ms: percentile(99),
    minMs: Math.min(...durationsMs),
    maxMs: Math.max(...durationsMs),
    stdevMs: roundMicros(Math.sqrt(variance)),
    cv: mean > 0 ? Math.round((Math.sqrt(variance) / mean) * 1e4) / 1e4 : 0,
  };
  histogram.destroy();
  return stats;
}
