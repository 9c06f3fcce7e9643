import { SAMPLE_KINDS, sampleSet, seededRandom } from './fixtures/random-samples';
import { medianCiRank, medianConfidenceInterval, percentile, sortAscending } from './order-statistics';

// An independent, straightforward type 7 (R's quantile(type = 7)) to check against.
function referencePercentile(samples: number[], p: number): number {
  const x = [...samples].sort((a, b) => a - b);
  const h = (x.length - 1) * (p / 100);
  return x[Math.floor(h)] + (h - Math.floor(h)) * (x[Math.ceil(h)] - x[Math.floor(h)]);
}

// Binomial(n, 1/2) probabilities by Pascal's rule in floating point: another route to the same sums.
function referenceCoverage(n: number, k: number): number {
  let row = [1];
  for (let m = 1; m <= n; m++) row = Array.from({ length: m + 1 }, (_, i) => ((row[i - 1] ?? 0) + (row[i] ?? 0)) / 2);
  return 1 - 2 * row.slice(0, k).reduce((a, b) => a + b, 0);
}

describe('percentile (type 7)', () => {
  // Expected values from Python's standard library, statistics.quantiles(data, n=100, method='inclusive'),
  // which is type 7: p50 = q[49], p90 = q[89], p99 = q[98], p25 = q[24].
  it.each([
    ['five runs', [2.9, 3.1, 2.95, 3.4, 2.7], { 25: 2.9, 50: 2.95, 90: 3.28, 99: 3.388 }],
    ['ties', [10, 10, 10, 12, 12, 15, 15, 15, 15, 40], { 25: 10.5, 50: 13.5, 90: 17.5, 99: 37.75 }],
    [
      'heavy tail',
      [1.2, 1.3, 1.25, 1.31, 1.27, 1.22, 1.29, 1.24, 9.8, 1.26, 1.28, 55],
      { 25: 1.2475, 50: 1.275, 90: 8.951, 99: 50.028 },
    ],
    [
      'twenty',
      Array.from({ length: 20 }, (_, i) => (i + 1) * 0.37 + ((i + 1) % 7) * 1.1),
      { 25: 4.9875, 50: 7.175, 90: 11.522, 99: 13.7207 },
    ],
  ])('matches the reference for %s', (_, samples, expected) => {
    const sorted = sortAscending(samples);
    for (const [p, value] of Object.entries(expected)) expect(percentile(sorted, Number(p))).toBeCloseTo(value, 9);
  });

  it('is the sample itself for one sample, and min and max at 0 and 100', () => {
    expect(percentile([7.25], 99)).toBe(7.25);
    expect(percentile([1, 2, 3], 0)).toBe(1);
    expect(percentile([1, 2, 3], 100)).toBe(3);
  });

  it('refuses no samples and a percentile outside [0, 100]', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], NaN)).toThrow(RangeError);
  });
});

describe('medianConfidenceInterval', () => {
  // Ranks and coverage from exact binomial sums in Python (fractions.Fraction and math.comb):
  // the largest k with 1 - 2 * sum(comb(n, i) for i < k) / 2**n >= 0.95, k = 1 when none reaches it.
  it.each([
    [1, 1, 0],
    [2, 1, 0.5],
    [3, 1, 0.75],
    [4, 1, 0.875],
    [5, 1, 0.9375],
    [6, 1, 0.96875],
    [7, 1, 0.984375],
    [8, 1, 0.9921875],
    [9, 2, 0.9609375],
    [10, 2, 0.978515625],
    [11, 2, 0.98828125],
    [12, 3, 0.96142578125],
    [13, 3, 0.9775390625],
    [14, 3, 0.987060546875],
    [15, 4, 0.96484375],
    [16, 4, 0.978729248046875],
    [17, 5, 0.950958251953125],
    [18, 5, 0.9691162109375],
    [19, 5, 0.9807891845703125],
    [20, 6, 0.9586105346679688],
    [21, 6, 0.97339630126953125],
    [22, 6, 0.9830994606018066],
    [23, 7, 0.9653103351593018],
    [24, 7, 0.9773441553115845],
    [25, 8, 0.9567147493362427],
    [26, 8, 0.9710407257080078],
    [27, 8, 0.9808427095413208],
    [28, 9, 0.9643018618226051],
    [29, 9, 0.9758804552257061],
    [30, 10, 0.9572260547429323],
  ])('n = %i: ranks (%i, n + 1 - k), coverage %d', (n, k, coverage) => {
    expect(medianCiRank(n)).toEqual({ k, coverage });
    const sorted = Array.from({ length: n }, (_, i) => i + 1);
    expect(medianConfidenceInterval(sorted)).toEqual({
      low: k,
      high: n + 1 - k,
      level: coverage,
      ranks: [k, n + 1 - k],
    });
  });

  it('returns [min, max] with the coverage it reaches when n is too small for 95%', () => {
    expect(medianConfidenceInterval([2.7, 2.9, 2.95, 3.1, 3.4])).toEqual({
      low: 2.7,
      high: 3.4,
      level: 0.9375,
      ranks: [1, 5],
    });
  });

  it('honours another level', () => {
    expect(medianCiRank(30, 0.99).k).toBe(8); // 1 - 2 P(Bin(30, 1/2) <= 7) = 0.9948, k = 9 gives 0.9839
    expect(medianCiRank(30, 0.5).k).toBe(13); // 0.6384; k = 14 gives 0.4153
  });

  it('agrees with a second route to the binomial sums up to n = 60, and across the switch to floating point', () => {
    for (let n = 1; n <= 60; n++) {
      const { k, coverage } = medianCiRank(n);
      expect(coverage).toBeCloseTo(referenceCoverage(n, k), 12);
      if (n >= 6) expect(coverage).toBeGreaterThanOrEqual(0.95);
      if (2 * (k + 1) <= n + 1) expect(referenceCoverage(n, k + 1)).toBeLessThan(0.95);
    }
    // n = 5000 is summed exactly, 5001 and 20001 in floating point; expected from exact sums in Python as above.
    expect(medianCiRank(5000)).toEqual({ k: 2431, coverage: 0.9506841418958282 });
    const near = (n: number, k: number, coverage: number) => {
      expect(medianCiRank(n).k).toBe(k);
      expect(medianCiRank(n).coverage).toBeCloseTo(coverage, 9);
    };
    near(5001, 2431, 0.9522736955323159);
    near(20001, 9862, 0.9506703274081423);
    expect(medianCiRank(1_000_000).coverage).toBeGreaterThanOrEqual(0.95);
  });

  it('refuses no samples', () => {
    expect(() => medianConfidenceInterval([])).toThrow(RangeError);
  });
});

describe('order statistics over random sample sets', () => {
  const random = seededRandom(20240501);
  const sets: number[][] = [];
  for (let round = 0; round < 4; round++) {
    for (const kind of SAMPLE_KINDS) for (let n = 1; n <= 60; n += round + 1) sets.push(sampleSet(random, kind, n));
  }

  it('covers hundreds of sets', () => {
    expect(sets.length).toBeGreaterThan(500);
  });

  it('keeps min <= p50 <= p90 <= p99 <= max and equals the reference', () => {
    for (const samples of sets) {
      const sorted = sortAscending(samples);
      const [min, p50, p90, p99, max] = [0, 50, 90, 99, 100].map((p) => percentile(sorted, p));
      expect(min).toBe(sorted[0]);
      expect(max).toBe(sorted[sorted.length - 1]);
      expect(min).toBeLessThanOrEqual(p50);
      expect(p50).toBeLessThanOrEqual(p90);
      expect(p90).toBeLessThanOrEqual(p99);
      expect(p99).toBeLessThanOrEqual(max);
      for (const p of [1, 25, 50, 75, 90, 99, 99.9]) {
        const expected = referencePercentile(samples, p);
        expect(Math.abs(percentile(sorted, p) - expected)).toBeLessThanOrEqual(1e-12 * Math.abs(expected));
      }
    }
  });

  it('puts the median inside its interval and the interval inside [min, max], on samples', () => {
    for (const samples of sets) {
      const sorted = sortAscending(samples);
      const ci = medianConfidenceInterval(sorted);
      const median = percentile(sorted, 50);
      expect(ci.low).toBeLessThanOrEqual(median);
      expect(median).toBeLessThanOrEqual(ci.high);
      expect(ci.low).toBeGreaterThanOrEqual(sorted[0]);
      expect(ci.high).toBeLessThanOrEqual(sorted[sorted.length - 1]);
      expect(samples).toContain(ci.low);
      expect(samples).toContain(ci.high);
      expect(ci.level).toBeGreaterThanOrEqual(sorted.length >= 6 ? 0.95 : 0);
    }
  });
});
