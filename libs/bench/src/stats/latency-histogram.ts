import * as hdr from 'hdr-histogram-js';
import type { Histogram } from 'hdr-histogram-js';
import { quantileType7 } from './order-statistics';

/**
 * The one HDR setup, for latencies in whole microseconds: 3 significant digits keep every value within 0.1%, from
 * 1 µs to a minute and beyond (autoResize). Generators record through it and merging decodes with it.
 */
export const LATENCY_HISTOGRAM = {
  bitBucketSize: 64,
  autoResize: true,
  lowestDiscernibleValue: 1,
  highestTrackableValue: 60_000_000,
  numberOfSignificantValueDigits: 3,
  useWebAssembly: false,
} as const;

/** What HDR cannot give back exactly (its max is a bucket's highest equivalent value), carried beside it. */
export interface LatencyExtremes {
  /** Smallest and largest recorded value, µs (0 when nothing was recorded). */
  min: number;
  max: number;
  /** Sum of the recorded values, µs, for an exact mean. */
  sum: number;
}

/** A histogram as it travels between processes: HDR compressed base64 plus the exact extremes. */
export interface EncodedLatencyHistogram {
  histogram: string;
  exact: LatencyExtremes;
}

export interface LatencySummaryMs {
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  p999: number;
  max: number;
}

/**
 * Many latencies (load mode), in µs, with the percentile definition of order-statistics.ts (type 7) applied to
 * HDR's approximate order statistics: within 0.1% of the exact value, and never outside the recorded [min, max].
 */
export class LatencyHistogram {
  private readonly histogram: Histogram = hdr.build(LATENCY_HISTOGRAM);
  private exact: LatencyExtremes = { min: 0, max: 0, sum: 0 };

  /** Recorded as whole microseconds, at least 1 (HDR's lowest discernible value). */
  static toMicros(ms: number): number {
    return Math.max(1, Math.round(ms * 1000));
  }

  static decode(encoded: EncodedLatencyHistogram): LatencyHistogram {
    const decoded = hdr.decodeFromCompressedBase64(encoded.histogram, LATENCY_HISTOGRAM.bitBucketSize, false);
    const result = new LatencyHistogram();
    result.histogram.add(decoded);
    decoded.destroy();
    result.exact = { ...encoded.exact };
    return result;
  }

  /** Several histograms as one: counts added bucket by bucket, extremes taken over all. */
  static merge(parts: EncodedLatencyHistogram[]): LatencyHistogram {
    const merged = new LatencyHistogram();
    for (const part of parts) {
      const one = LatencyHistogram.decode(part);
      merged.addHistogram(one);
      one.destroy();
    }
    return merged;
  }

  recordMs(ms: number): void {
    this.recordMicros(LatencyHistogram.toMicros(ms));
  }

  recordMicros(us: number): void {
    this.histogram.recordValue(us);
    const first = this.count === 1;
    this.exact = {
      min: first ? us : Math.min(this.exact.min, us),
      max: first ? us : Math.max(this.exact.max, us),
      sum: this.exact.sum + us,
    };
  }

  get count(): number {
    return this.histogram.totalCount;
  }

  get minMs(): number {
    return this.exact.min / 1000;
  }

  get maxMs(): number {
    return this.exact.max / 1000;
  }

  /** Exact: from the sum, not from the buckets. */
  get meanMs(): number {
    return this.count === 0 ? 0 : Math.round(this.exact.sum / this.count) / 1000;
  }

  /** Type 7 percentile in ms (0 when empty), clamped to the recorded [min, max]. */
  percentileMs(p: number): number {
    const n = this.count;
    if (n === 0) return 0;
    const us = quantileType7(n, p, (i) => this.orderStatistic(i + 1));
    return Math.min(this.exact.max, Math.max(this.exact.min, us)) / 1000;
  }

  summaryMs(): LatencySummaryMs {
    const at = (p: number) => this.percentileMs(p);
    return {
      mean: this.meanMs,
      p50: at(50),
      p90: at(90),
      p99: at(99),
      p999: at(99.9),
      max: this.count === 0 ? 0 : this.maxMs,
    };
  }

  encode(): EncodedLatencyHistogram {
    return { histogram: hdr.encodeIntoCompressedBase64(this.histogram), exact: { ...this.exact } };
  }

  destroy(): void {
    this.histogram.destroy();
  }

  private addHistogram(other: LatencyHistogram): void {
    if (other.count === 0) return;
    const empty = this.count === 0;
    this.histogram.add(other.histogram);
    this.exact = {
      min: empty ? other.exact.min : Math.min(this.exact.min, other.exact.min),
      max: empty ? other.exact.max : Math.max(this.exact.max, other.exact.max),
      sum: this.exact.sum + other.exact.sum,
    };
  }

  /**
   * The rank-th smallest value (1-based) as HDR knows it: the highest value equivalent to its bucket. Asked at
   * rank - 0.5 so HDR's rounding of percentile to count cannot land on a neighbouring rank.
   */
  private orderStatistic(rank: number): number {
    const value = this.histogram.getValueAtPercentile((100 * (rank - 0.5)) / this.count);
    return Math.min(this.exact.max, Math.max(this.exact.min, value));
  }
}
