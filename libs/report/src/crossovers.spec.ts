import type { SeriesSpec } from './chart-spec.interface';
import { findCrossovers } from './crossovers';

const line = (label: string, ys: number[], runIndex = 0): SeriesSpec => ({ label, colorKey: label, runIndex, points: ys.map((y, i) => ({ x: 10 ** i, y })) });

describe('findCrossovers', () => {
  it('finds where one line overtakes another, interpolated in log-log space, naming the one that becomes faster', () => {
    // a goes 1 -> 100 while x goes 1 -> 10 (a = x^2 on log-log axes), b stays at 10: they meet at x = sqrt(10).
    const [c, ...rest] = findCrossovers([line('a', [1, 100]), line('b', [10, 10])]);
    expect(rest).toEqual([]);
    expect(c.text).toBe('b overtakes a');
    expect(c.x).toBeCloseTo(Math.sqrt(10), 6);
    expect(c.y).toBeCloseTo(10, 6);
  });

  it('finds none for lines that never cross, touch only at a point, or belong to different runs', () => {
    expect(findCrossovers([line('a', [1, 2, 3]), line('b', [2, 3, 4])])).toEqual([]);
    expect(findCrossovers([line('a', [1, 2, 3]), line('b', [2, 2, 4])])).toEqual([]);
    expect(findCrossovers([line('a', [1, 10]), line('b', [10, 1], 1)])).toEqual([]);
  });

  it('finds every crossing of lines that cross twice', () => {
    expect(findCrossovers([line('a', [1, 10, 1]), line('b', [5, 5, 5])]).map((c) => c.text)).toEqual(['b overtakes a', 'a overtakes b']);
  });
});
