import { bootstrapMedianRatio, twoLevelMedianInterval, twoLevelMedianRatio } from './bootstrap-ratio';
import { betweenInvocationShare } from './invocation-variance';
import { percentile, sortAscending } from './order-statistics';
import { seededRandom } from './seeded-random';

/** Standard normal draws (Box-Muller) from one seeded stream. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/**
 * One side of a synthetic benchmark with a known between-invocation variance: each invocation (a fresh process)
 * settles at its own level, lognormal around `median` with sigma `between`, and its runs scatter around that level
 * with sigma `within`. The log of a run is normal with mean log(median), so the population median is `median`.
 */
function side(
  random: () => number,
  median: number,
  invocations: number,
  runs: number,
  between: number,
  within: number,
): number[][] {
  return Array.from({ length: invocations }, () => {
    const level = Math.log(median) + between * normal(random);
    return Array.from({ length: runs }, () => Math.exp(level + within * normal(random)));
  });
}

describe('two-level bootstrap', () => {
  it('is exactly the one-level bootstrap, as it was written before invocations, for one invocation', () => {
    // The one-level bootstrap as it stood before invocations, kept here as the reference.
    const oneLevel = (a: number[], b: number[], level: number, seed: number) => {
      const median = (xs: readonly number[]) => percentile(sortAscending(xs), 50);
      const random = seededRandom(seed);
      const draw = (xs: readonly number[]) => xs.map(() => xs[Math.floor(random() * xs.length)]);
      const ratios: number[] = [];
      for (let i = 0; i < 2000; i++) {
        const ma = median(draw(a));
        if (ma > 0) ratios.push(median(draw(b)) / ma);
      }
      const sorted = sortAscending(ratios);
      const tail = ((1 - level) / 2) * 100;
      return {
        ratio: median(b) / median(a),
        low: percentile(sorted, tail),
        high: percentile(sorted, 100 - tail),
        level,
        resamples: 2000,
        invocations: 1,
      };
    };
    const random = seededRandom(3);
    for (const n of [2, 3, 5, 12]) {
      const a = Array.from({ length: n }, () => 10 + random() * 3);
      const b = Array.from({ length: n + 1 }, () => 20 + random() * 5);
      expect(twoLevelMedianRatio([a], [b])).toEqual(oneLevel(a, b, 0.95, 0x5eed));
      expect(bootstrapMedianRatio(a, b, 0.9, 7)).toEqual(oneLevel(a, b, 0.9, 7));
    }
  });

  it('gives the same interval for the same runs, and a wider one when invocations disagree', () => {
    const tight = [
      [10, 10.1, 9.9],
      [10, 10.1, 9.9],
    ];
    const apart = [
      [10, 10.1, 9.9],
      [12, 12.1, 11.9],
    ];
    const flat = (g: number[][]) => g.flat();
    expect(twoLevelMedianInterval(apart)).toEqual(twoLevelMedianInterval(apart));
    const w = (i: { low: number; high: number } | null) => i!.high - i!.low;
    expect(w(twoLevelMedianInterval(apart))).toBeGreaterThan(w(twoLevelMedianInterval(tight)));
    expect(twoLevelMedianInterval(apart)!.low).toBeGreaterThanOrEqual(Math.min(...flat(apart)));
    expect(twoLevelMedianInterval([[]])).toBeNull();
  });

  it('skips resamples in which a side drew only invocations it made no run in', () => {
    const r = twoLevelMedianRatio(
      [
        [10, 11],
        [10, 11],
      ],
      [[20, 21], []],
    )!;
    expect(r.invocations).toBe(2);
    expect(r.low).toBeGreaterThan(1.5);
    expect(twoLevelMedianRatio([[]], [[1]])).toBeNull();
  });

  it(
    'covers the true ratio about 95% of the time with a real between-invocation variance, where the ' +
      'one-level interval does not',
    () => {
      // 10 invocations x 5 runs a side; invocations spread 10% (sigma of the log), runs within one 3%: about 90% of
      // the variance lies between invocations. True medians 100 and 120: the true ratio is 1.2.
      const trials = 300;
      const truth = 1.2;
      let twoLevel = 0;
      let oneLevel = 0;
      const shares: number[] = [];
      for (let t = 0; t < trials; t++) {
        const random = seededRandom(1000 + t);
        const a = side(random, 100, 10, 5, 0.1, 0.03);
        const b = side(random, 120, 10, 5, 0.1, 0.03);
        const two = twoLevelMedianRatio(a, b, 0.95, t, 1000)!;
        const one = twoLevelMedianRatio([a.flat()], [b.flat()], 0.95, t, 1000)!;
        if (two.low <= truth && truth <= two.high) twoLevel++;
        if (one.low <= truth && truth <= one.high) oneLevel++;
        shares.push(betweenInvocationShare(a)!);
      }
      const coverage = { twoLevel: twoLevel / trials, oneLevel: oneLevel / trials };
      // These seeds give two-level 0.95 and one-level 0.66: the one-level interval treats 50 runs of 10 processes as
      // 50 independent draws, so it is far too narrow. (Deterministic: the bounds leave room for a changed resampler.)
      expect(coverage.twoLevel).toBeGreaterThanOrEqual(0.85);
      expect(coverage.twoLevel).toBeLessThanOrEqual(0.99);
      expect(coverage.oneLevel).toBeLessThan(0.8);
      // The variance share recovers the known one, 0.1² / (0.1² + 0.03²) = 0.917 on the log scale (0.90 here, on ms).
      const meanShare = shares.reduce((s, x) => s + x, 0) / shares.length;
      expect(meanShare).toBeGreaterThan(0.85);
      expect(meanShare).toBeLessThan(0.95);
    },
  );
});

describe('betweenInvocationShare', () => {
  it('is 0 when the invocations agree, near 1 when only they differ, null when it cannot be told', () => {
    expect(
      betweenInvocationShare([
        [1, 2, 3],
        [1, 2, 3],
      ]),
    ).toBe(0);
    expect(
      betweenInvocationShare([
        [10, 10.01],
        [20, 20.01],
      ]),
    ).toBeGreaterThan(0.99);
    expect(betweenInvocationShare([[1, 2, 3]])).toBeNull();
    expect(betweenInvocationShare([[1], [2]])).toBeNull();
    expect(
      betweenInvocationShare([
        [5, 5],
        [5, 5],
      ]),
    ).toBeNull();
    expect(betweenInvocationShare([[1, 2, 3], []])).toBeNull();
  });

  it('matches the one-way ANOVA estimate by hand', () => {
    // Group means 2 and 5, grand mean 3.5; MSB = 3 * (1.5² + 1.5²) / 1 = 13.5; MSW = (2 + 2) / 4 = 1;
    // sigma²_between = (13.5 - 1) / 3 = 4.1667; share = 4.1667 / 5.1667.
    expect(
      betweenInvocationShare([
        [1, 2, 3],
        [4, 5, 6],
      ]),
    ).toBeCloseTo(4.1667 / 5.1667, 4);
  });
});
