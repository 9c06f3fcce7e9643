import { compareMedians } from './compare-medians';

describe('compareMedians', () => {
  const fast = [10, 10.2, 9.9, 10.1, 10, 10.3, 9.8, 10.05];
  const slow = [12, 12.3, 11.8, 12.1, 12.2, 12.4, 11.9, 12.05];

  it('tells apart samples whose intervals do not overlap, either way round', () => {
    expect(compareMedians(fast, slow).order).toBe('a-lower');
    expect(compareMedians(slow, fast).order).toBe('b-lower');
  });

  it('calls overlapping intervals not distinguishable', () => {
    const c = compareMedians([10, 12, 11, 9, 13, 10.5, 11.5], [11, 10, 12.5, 9.5, 12, 11.2, 10.8]);
    expect(c.order).toBe('not distinguishable');
    expect(c.a.low).toBeLessThanOrEqual(c.b.high);
  });

  it('gives the intervals it compared', () => {
    const c = compareMedians(fast, slow);
    // n = 8: ranks (1, 8), coverage 1 - 2/256.
    expect(c.a).toEqual({ low: 9.8, high: 10.3, level: 0.9921875, ranks: [1, 8] });
    expect(c.b.low).toBe(11.8);
  });

  it('needs enough samples for non-overlap to be more than luck', () => {
    // 2 / C(6, 3) = 0.1 > 0.05: three runs a side cannot tell, however far apart.
    expect(compareMedians([1, 2, 3], [100, 200, 300]).order).toBe('not distinguishable');
    expect(compareMedians([1], [100]).order).toBe('not distinguishable');
    // 2 / C(8, 4) = 0.029 and 2 / C(8, 3) = 0.036.
    expect(compareMedians([1, 2, 3, 4], [100, 200, 300, 400]).order).toBe('a-lower');
    expect(compareMedians([1, 2, 3], [100, 200, 300, 400, 500]).order).toBe('a-lower');
  });

  it('finds constant, equal samples not distinguishable and constant, different ones apart', () => {
    expect(compareMedians([5, 5, 5, 5], [5, 5, 5, 5]).order).toBe('not distinguishable');
    expect(compareMedians([6, 6, 6, 6], [5, 5, 5, 5]).order).toBe('b-lower');
  });
});
