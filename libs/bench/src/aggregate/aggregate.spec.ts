import { aggregate } from './aggregate';

describe('aggregate', () => {
  it('gives exact min, max, mean and sample stdev', () => {
    const s = aggregate([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(s.n).toBe(8);
    expect(s.minMs).toBe(2);
    expect(s.maxMs).toBe(9);
    expect(s.meanMs).toBe(5);
    expect(s.stdevMs).toBeCloseTo(2.138, 3);
    expect(s.cv).toBeCloseTo(2.138 / 5, 3);
  });

  it('gives HDR percentiles within 0.1% and in order', () => {
    const values = Array.from({ length: 1000 }, (_, i) => (i + 1) / 10); // 0.1 .. 100 ms
    const s = aggregate(values);
    expect(s.medianMs).toBeCloseTo(50, 0);
    expect(Math.abs(s.p90Ms - 90) / 90).toBeLessThan(0.002);
    expect(Math.abs(s.p99Ms - 99) / 99).toBeLessThan(0.002);
    expect(s.minMs).toBeLessThanOrEqual(s.medianMs);
    expect(s.medianMs).toBeLessThanOrEqual(s.p90Ms);
    expect(s.p90Ms).toBeLessThanOrEqual(s.p99Ms);
    expect(s.p99Ms).toBeLessThanOrEqual(s.maxMs * 1.001);
  });

  it('takes the middle sample as the median of three runs', () => {
    const s = aggregate([30.5, 10.25, 20.125]);
    expect(s.medianMs).toBeCloseTo(20.125, 1);
    expect(s.stdevMs).toBeGreaterThan(0);
  });

  it('reports zeros, not NaN, for no samples and zero spread for one', () => {
    expect(aggregate([])).toEqual({ n: 0, meanMs: 0, medianMs: 0, p90Ms: 0, p99Ms: 0, minMs: 0, maxMs: 0, stdevMs: 0, cv: 0 });
    expect(aggregate([3]).stdevMs).toBe(0);
  });
});
