import { bootstrapMedianRatio } from './bootstrap-ratio';
import { seededRandom } from './seeded-random';

// Standard normal draws (Box-Muller) from a seed.
function normals(n: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random()));
}

describe('bootstrapMedianRatio', () => {
  it('gives the ratio of medians and an interval around it, the same every time', () => {
    const a = [10, 11, 9, 10.5, 9.5];
    const b = [20, 22, 18, 21, 19];
    const r = bootstrapMedianRatio(a, b)!;
    expect(r.ratio).toBe(2);
    expect(r.low).toBeLessThanOrEqual(2);
    expect(r.high).toBeGreaterThanOrEqual(2);
    expect(r.low).toBeGreaterThanOrEqual(18 / 11);
    expect(r.high).toBeLessThanOrEqual(22 / 9);
    expect(bootstrapMedianRatio(a, b)).toEqual(r);
  });

  it('is a point for constant samples, and null without a median to divide by', () => {
    expect(bootstrapMedianRatio([4, 4, 4], [2, 2, 2])).toMatchObject({ ratio: 0.5, low: 0.5, high: 0.5 });
    expect(bootstrapMedianRatio([], [1])).toBeNull();
    expect(bootstrapMedianRatio([0, 0, 0], [1])).toBeNull();
  });

  it('covers the true ratio of two lognormal populations about as often as it claims', () => {
    // Populations whose medians are exactly 1 and 2 (lognormal, sigma 0.3); 15 runs each, 200 trials.
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const a = normals(15, t * 2 + 1).map((z) => Math.exp(0.3 * z));
      const b = normals(15, t * 2 + 2).map((z) => 2 * Math.exp(0.3 * z));
      const r = bootstrapMedianRatio(a, b, 0.95, t)!;
      if (r.low <= 2 && 2 <= r.high) covered++;
    }
    // Percentile bootstrap of a median undercovers a little at n = 15; well below 85% would mean a broken interval.
    expect(covered / trials).toBeGreaterThan(0.85);
  });
});
