import type { SeriesSpec } from './chart-spec.interface';
import { findCrossings, supported, type ApartAt } from './crossovers';

const line = (label: string, ys: number[], runIndex = 0): SeriesSpec => ({
  label,
  colorKey: label,
  runIndex,
  points: ys.map((y, i) => ({ x: 10 ** i, y })),
});
const alwaysApart: ApartAt = () => null;

describe('findCrossings', () => {
  it(
    'finds where one line overtakes another, interpolated in log-log space, naming the one that becomes ' + 'faster',
    () => {
      // a goes 1 -> 100 while x goes 1 -> 10 (a = x^2 on log-log axes), b stays at 10: they meet at x = sqrt(10).
      const [c, ...rest] = findCrossings([line('a', [1, 100]), line('b', [10, 10])], alwaysApart);
      expect(rest).toEqual([]);
      expect(c.crossover.text).toBe('b overtakes a');
      expect(c.crossover.x).toBeCloseTo(Math.sqrt(10), 6);
      expect(c.crossover.y).toBeCloseTo(10, 6);
      expect(c).toMatchObject({ between: [1, 10], faster: 'b', slower: 'a', overlapAt: [] });
    },
  );

  it('finds none for lines that never cross, touch only at a point, or belong to different runs', () => {
    expect(findCrossings([line('a', [1, 2, 3]), line('b', [2, 3, 4])], alwaysApart)).toEqual([]);
    expect(findCrossings([line('a', [1, 2, 3]), line('b', [2, 2, 4])], alwaysApart)).toEqual([]);
    expect(findCrossings([line('a', [1, 10]), line('b', [10, 1], 1)], alwaysApart)).toEqual([]);
  });

  it('finds every crossing of lines that cross twice', () => {
    expect(
      supported(findCrossings([line('a', [1, 10, 1]), line('b', [5, 5, 5])], alwaysApart)).map((c) => c.text),
    ).toEqual(['b overtakes a', 'a overtakes b']);
  });

  it('marks a crossing only where the runs tell the lines apart at both sizes around it', () => {
    // As the quick preset: two sizes, the medians swap, but at the smaller size the intervals overlap.
    const overlapAtOne: ApartAt = (i, j, x) => (x === 1 ? "their medians' 95% intervals overlap" : null);
    const crossings = findCrossings([line('json', [1.5, 5.5]), line('grpc', [1.2, 10.2])], overlapAtOne);
    expect(crossings).toHaveLength(1);
    expect(crossings[0].overlapAt).toEqual([{ x: 1, why: "their medians' 95% intervals overlap" }]);
    expect(supported(crossings)).toEqual([]);
  });

  it('asks about the pair by their indices among the series', () => {
    const asked: [number, number, number][] = [];
    // Every pair crosses once between x = 1 and x = 10.
    findCrossings(
      [line('a', [1, 2]), line('b', [1.5, 1.5]), line('c', [2, 1])],
      (i, j, x) => (asked.push([i, j, x]), null),
    );
    expect(asked).toEqual([
      [0, 1, 1],
      [0, 1, 10],
      [0, 2, 1],
      [0, 2, 10],
      [1, 2, 1],
      [1, 2, 10],
    ]);
  });
});
