import { SAMPLE_KINDS, sampleSet, seededRandom } from '../stats/fixtures/random-samples';
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

  it('gives exact type 7 percentiles, never above the slowest run', () => {
    // Five runs as in the article preset; expected values from Python's statistics.quantiles(method='inclusive').
    const s = aggregate([2.007, 1.457, 2.88, 2.145, 2.236]);
    expect(s.medianMs).toBe(2.145);
    // Python gives p90 2.6224 and p99 2.85424; RunStats holds whole µs.
    expect(s.p90Ms).toBe(2.622);
    expect(s.p99Ms).toBe(2.854);
    expect(s.maxMs).toBe(2.88);
  });

  it('gives the median interval and its coverage', () => {
    const five = aggregate([30.5, 10.25, 20.125, 40, 15]);
    expect(five).toMatchObject({ medianMs: 20.125, medianCiLowMs: 10.25, medianCiHighMs: 40, medianCiLevel: 0.9375 });
    const ten = aggregate([9, 1, 8, 2, 7, 3, 6, 4, 5, 10]);
    // n = 10: ranks (2, 9), coverage 1 - 2 * 11 / 1024 = 0.978515625.
    expect(ten).toMatchObject({ medianMs: 5.5, medianCiLowMs: 2, medianCiHighMs: 9, medianCiLevel: 0.978515625 });
  });

  it('takes the middle sample as the median of three runs', () => {
    const s = aggregate([30.5, 10.25, 20.125]);
    expect(s.medianMs).toBe(20.125);
    expect(s.stdevMs).toBeGreaterThan(0);
  });

  it('reports zeros, not NaN, for no samples and zero spread for one', () => {
    expect(aggregate([])).toEqual({
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
    });
    expect(aggregate([3])).toMatchObject({
      stdevMs: 0,
      medianMs: 3,
      medianCiLowMs: 3,
      medianCiHighMs: 3,
      medianCiLevel: 0,
    });
  });

  it('keeps every figure in order over random sample sets, in whole µs', () => {
    const random = seededRandom(99);
    for (let round = 0; round < 3; round++) {
      for (const kind of SAMPLE_KINDS) {
        for (let n = 1; n <= 60; n++) {
          const s = aggregate(sampleSet(random, kind, n));
          const ordered = [s.minMs, s.medianMs, s.p90Ms, s.p99Ms, s.maxMs];
          expect(ordered).toEqual([...ordered].sort((a, b) => a - b));
          expect(s.minMs).toBeLessThanOrEqual(s.medianCiLowMs);
          expect(s.medianCiLowMs).toBeLessThanOrEqual(s.medianMs);
          expect(s.medianMs).toBeLessThanOrEqual(s.medianCiHighMs);
          expect(s.medianCiHighMs).toBeLessThanOrEqual(s.maxMs);
          for (const v of [...ordered, s.medianCiLowMs, s.medianCiHighMs]) expect(Math.round(v * 1000) / 1000).toBe(v);
        }
      }
    }
  });
});
