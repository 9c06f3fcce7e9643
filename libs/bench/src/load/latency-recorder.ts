import * as hdr from 'hdr-histogram-js';

export const LATENCY_HISTOGRAM = { bitBucketSize: 64, autoResize: true, lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000, numberOfSignificantValueDigits: 3, useWebAssembly: false } as const;

/**
 * Latencies in microseconds (autocannon's own histogram keeps whole milliseconds, too coarse on loopback), plus
 * counts per second of the window. Both generators record through this, so their percentiles mean the same.
 */
export class LatencyRecorder {
  private readonly histogram = hdr.build(LATENCY_HISTOGRAM);
  private readonly seconds: number[] = [];
  private sum = 0;

  constructor(private readonly windowStart: number) {}

  record(latencyMs: number, completedAt: number): void {
    const us = Math.max(1, Math.round(latencyMs * 1000));
    this.histogram.recordValue(us);
    this.sum += latencyMs;
    this.countCompletion(completedAt);
  }

  /** Errors count in the per-second totals too: they are completed requests. */
  countCompletion(completedAt: number): void {
    const second = Math.floor((completedAt - this.windowStart) / 1000);
    if (second >= 0) this.seconds[second] = (this.seconds[second] ?? 0) + 1;
  }

  summary(windowMs: number): { latency: { mean: number; p50: number; p90: number; p99: number; p999: number; max: number }; perSecond: number[]; latencyHistogram: string } {
    const n = this.histogram.totalCount;
    const at = (p: number) => (n === 0 ? 0 : this.histogram.getValueAtPercentile(p) / 1000);
    const whole = Math.floor(windowMs / 1000);
    const perSecond = Array.from({ length: whole }, (_, i) => this.seconds[i] ?? 0);
    const latency = { mean: n === 0 ? 0 : Math.round((this.sum / n) * 1000) / 1000, p50: at(50), p90: at(90), p99: at(99), p999: at(99.9), max: n === 0 ? 0 : this.histogram.maxValue / 1000 };
    // Encoded so that the histograms of several generator processes can be added up exactly.
    const latencyHistogram = hdr.encodeIntoCompressedBase64(this.histogram);
    this.histogram.destroy();
    return { latency, perSecond, latencyHistogram };
  }
}
