import * as hdr from 'hdr-histogram-js';
import { SAMPLE_KINDS, sampleSet, seededRandom } from './fixtures/random-samples';
import { LATENCY_HISTOGRAM, LatencyHistogram } from './latency-histogram';
import { percentile, sortAscending } from './order-statistics';

const PERCENTILES = [1, 50, 90, 99, 99.9];

function histogramOf(latenciesMs: number[]): LatencyHistogram {
  const h = new LatencyHistogram();
  latenciesMs.forEach((ms) => h.recordMs(ms));
  return h;
}

// Whole microseconds, as the histogram records them, so "exact" below means the same values.
const toMicrosMs = (ms: number) => LatencyHistogram.toMicros(ms) / 1000;

describe('LatencyHistogram', () => {
  const random = seededRandom(7);
  const sets = SAMPLE_KINDS.flatMap((kind) =>
    [1, 2, 5, 37, 1000, 5000].map((n) => sampleSet(random, kind, n).map(toMicrosMs)),
  );

  it('keeps every percentile within the recorded [min, max], with the exact min, max and mean', () => {
    for (const values of sets) {
      const h = histogramOf(values);
      const sorted = sortAscending(values);
      expect(h.minMs).toBe(sorted[0]);
      expect(h.maxMs).toBe(sorted[sorted.length - 1]);
      expect(h.summaryMs().max).toBe(sorted[sorted.length - 1]);
      expect(h.meanMs).toBeCloseTo(values.reduce((a, b) => a + b, 0) / values.length, 3);
      let previous = h.minMs;
      for (const p of PERCENTILES) {
        const v = h.percentileMs(p);
        expect(v).toBeGreaterThanOrEqual(previous);
        expect(v).toBeLessThanOrEqual(h.maxMs);
        previous = v;
      }
      h.destroy();
    }
  });

  it('is within 0.1% of the exact type 7 percentile for n >= 1000', () => {
    for (const values of sets.filter((s) => s.length >= 1000)) {
      const h = histogramOf(values);
      const sorted = sortAscending(values);
      for (const p of PERCENTILES) {
        const exact = percentile(sorted, p);
        expect(Math.abs(h.percentileMs(p) - exact)).toBeLessThanOrEqual(0.001 * exact);
      }
      h.destroy();
    }
  });

  it('does not report HDR highest-equivalent values above the real max', () => {
    // 100,007 µs shares a bucket with larger values: HDR alone answers with the bucket's top for p99, and for max
    // once the histogram has been encoded and decoded (as it is between generator processes).
    const raw = hdr.build(LATENCY_HISTOGRAM);
    [1000, 1000, 1000, 100_007].forEach((v) => raw.recordValue(v));
    expect(raw.getValueAtPercentile(99)).toBeGreaterThan(100_007);
    expect(hdr.decodeFromCompressedBase64(hdr.encodeIntoCompressedBase64(raw)).maxValue).toBeGreaterThan(100_007);
    const h = LatencyHistogram.decode(histogramOf([1, 1, 1, 100.007]).encode());
    expect(h.maxMs).toBe(100.007);
    expect(h.percentileMs(99)).toBeLessThanOrEqual(100.007);
    expect(h.percentileMs(99.9)).toBeLessThanOrEqual(100.007);
    expect(h.percentileMs(50)).toBe(1);
  });

  it('merges the histograms of two halves into the same figures as one histogram of all values', () => {
    for (const values of sets) {
      const half = Math.floor(values.length / 2);
      const whole = histogramOf(values);
      const parts = [values.slice(0, half), values.slice(half)].map((v) => histogramOf(v).encode());
      const merged = LatencyHistogram.merge(parts);
      expect(merged.count).toBe(values.length);
      expect(merged.minMs).toBe(whole.minMs);
      expect(merged.maxMs).toBe(whole.maxMs);
      expect(merged.meanMs).toBe(whole.meanMs);
      for (const p of PERCENTILES) expect(merged.percentileMs(p)).toBe(whole.percentileMs(p));
      whole.destroy();
      merged.destroy();
    }
  });

  it('survives encoding, and gives zeros when empty', () => {
    const h = histogramOf([3.25, 4.5]);
    const back = LatencyHistogram.decode(h.encode());
    expect(back.summaryMs()).toEqual(h.summaryMs());
    expect(new LatencyHistogram().summaryMs()).toEqual({ mean: 0, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 });
    const withEmpty = LatencyHistogram.merge([new LatencyHistogram().encode(), h.encode()]);
    expect(withEmpty.minMs).toBe(3.25);
    expect(withEmpty.summaryMs()).toEqual(h.summaryMs());
  });
});
