import { printLoadComparison } from '@app/printers';
import type { LoadLevelResult } from '@app/load';
import type { LoadRun } from '@app/load';
import { compareLoadRuns } from './compare-load-runs';

const level = (concurrency: number, perSecond: number[], p99 = 1): LoadLevelResult =>
  ({
    transport: 'json',
    targetKind: 'nest',
    mode: 'closed',
    concurrency,
    connections: concurrency,
    rows: 1,
    rate: null,
    rps: perSecond.reduce((a, b) => a + b, 0) / perSecond.length,
    perSecond,
    latency: { p99 },
  }) as unknown as LoadLevelResult;

const run = (id: string, levels: LoadLevelResult[]): LoadRun =>
  ({ kind: 'load', id, label: null, levels }) as unknown as LoadRun;

describe('compareLoadRuns', () => {
  it('finds a clear throughput change significant and a noisy equal one not', () => {
    const a = run('a', [level(10, [1000, 1010, 990, 1005, 995]), level(50, [2000, 2100, 1900, 2050, 1950])]);
    const b = run('b', [
      level(10, [1500, 1490, 1510, 1505, 1495]),
      level(50, [1980, 2120, 1930, 2010, 1960]),
      level(100, [1]),
    ]);
    const c = compareLoadRuns(a, b);
    expect(c.matched).toHaveLength(2);
    expect(c.matched[0].diffPercent).toBeCloseTo(50, 0);
    expect(c.matched[0].significant).toBe(true);
    expect(c.matched[1].significant).toBe(false);
    expect(c.matched.map((d) => d.verdict)).toEqual(['B faster', 'not distinguishable']);
    expect(c.onlyInB).toEqual(['json/nest closed c=100 conn=100 rows=1']);
    const text = printLoadComparison(c);
    expect(text).toContain('+50.0');
    expect(text).toContain('only in B');
  });

  it("matches a run saved before shapes (no shape: row) with today's row levels, and keeps other shapes apart", () => {
    const old = run('old', [level(10, [1000, 1000, 1000])]);
    const today = run('new', [
      { ...level(10, [1000, 1000, 1000]), shape: 'row' },
      { ...level(10, [300, 300, 300]), shape: 'numeric' },
    ]);
    const c = compareLoadRuns(old, today);
    expect(c.matched.map((d) => d.key)).toEqual(['json/nest closed c=10 conn=10 rows=1']);
    expect(c.onlyInB).toEqual(['json/nest shape=numeric closed c=10 conn=10 rows=1']);
  });

  it("matches each runtime's levels with the same runtime's only, never one node's figures against another's", () => {
    const on = (label: string, perSecond: number[]) => ({
      ...level(10, perSecond),
      runtime: { generator: null, server: null, label },
    });
    const a = run('a', [on('node22.23.3', [1000, 1000, 1000]), on('node24.21.0', [1200, 1200, 1200])]);
    const b = run('b', [on('node24.21.0', [1250, 1250, 1250])]);
    const c = compareLoadRuns(a, b);
    expect(c.matched.map((d) => [d.key, d.rpsA])).toEqual([
      ['json/nest runtime=node24.21.0 closed c=10 conn=10 rows=1', 1200],
    ]);
    expect(c.onlyInA).toEqual(['json/nest runtime=node22.23.3 closed c=10 conn=10 rows=1']);
    // Rounds of one runtime (--rounds) stay apart too.
    const rounds = run(
      'r',
      [1, 2].map((round) => ({
        ...level(10, [1000, 1000, 1000]),
        runtime: { generator: null, server: null, label: 'node24.21.0', round },
      })),
    );
    expect(compareLoadRuns(rounds, rounds).matched.map((d) => d.key)).toEqual(
      [1, 2].map((r) => `json/nest runtime=node24.21.0 round=${r} closed c=10 conn=10 rows=1`),
    );
  });
});
