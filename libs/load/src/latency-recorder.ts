import { LatencyHistogram, type LatencySummaryMs } from '@app/bench';
import type { GeneratorResult } from './load-level.interface';

// Kept here too for code that imported the setup from the load folder; the one definition is in stats/.
export { LATENCY_HISTOGRAM } from '@app/bench';

/**
 * Latencies in microseconds (autocannon's own histogram keeps whole milliseconds, too coarse on loopback), plus
 * counts per second of the window. Both generators record through this, so their percentiles mean the same.
 */
export class LatencyRecorder {
  private readonly histogram = new LatencyHistogram();
  private readonly seconds: number[] = [];

  constructor(private readonly windowStart: number) {}

  record(latencyMs: number, completedAt: number): void {
    this.histogram.recordMs(latencyMs);
    this.countCompletion(completedAt);
  }

  /** Errors count in the per-second totals too: they are completed requests. */
  countCompletion(completedAt: number): void {
    const second = Math.floor((completedAt - this.windowStart) / 1000);
    if (second >= 0) this.seconds[second] = (this.seconds[second] ?? 0) + 1;
  }

  summary(
    windowMs: number,
  ): { latency: LatencySummaryMs; perSecond: number[] } & Pick<GeneratorResult, 'latencyHistogram' | 'latencyExactUs'> {
    const whole = Math.floor(windowMs / 1000);
    const perSecond = Array.from({ length: whole }, (_, i) => this.seconds[i] ?? 0);
    const latency = this.histogram.summaryMs();
    // Encoded so that the histograms of several generator processes can be added up exactly.
    const { histogram: latencyHistogram, exact: latencyExactUs } = this.histogram.encode();
    this.histogram.destroy();
    return { latency, perSecond, latencyHistogram, latencyExactUs };
  }
}
