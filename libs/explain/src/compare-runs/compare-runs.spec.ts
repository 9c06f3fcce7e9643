import type { BenchRun } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { SAMPLE_RUN, sampleResult, samples } from '../fixtures/sample-run';
import { compareRuns } from './compare-runs';

const base = {
  rowsReceived: 1,
  payloadBytes: 100,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

// A result whose stats agree with its run times, as the engine's would.
function timed(name: string, ms: number[], fields: Partial<ScenarioResult> = {}): ScenarioResult {
  const mean = ms.reduce((a, b) => a + b, 0) / ms.length;
  const median = [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)];
  const result = sampleResult({ name, transport: 'json', runs: samples(ms, base), ...fields });
  return { ...result, stats: { ...result.stats, meanMs: mean, medianMs: median } };
}

const run = (id: string, scenarios: ScenarioResult[]): BenchRun => ({ ...SAMPLE_RUN, id, label: null, scenarios });

describe('compareRuns', () => {
  it('finds a clear slowdown significant', () => {
    const c = compareRuns(
      run('a', [timed('1-1', [10, 10.2, 9.9, 10.1, 10])]),
      run('b', [timed('1-1', [12, 12.3, 11.8, 12.1, 12.2])]),
    );
    expect(c.matched).toHaveLength(1);
    const [d] = c.matched;
    expect(d.meanA).toBeCloseTo(10.04, 10);
    expect(d.meanB).toBeCloseTo(12.08, 10);
    expect(d.medianA).toBe(10);
    expect(d.medianB).toBe(12.1);
    expect(d.diffPercent).toBeCloseTo(((12.08 - 10.04) / 10.04) * 100, 10);
    expect(d.pValue).toBeLessThan(0.001);
    expect(d.significant).toBe(true);
    // Five runs a side: the intervals are [min, max] (coverage 0.9375) and do not overlap.
    expect(d.medianCiA).toEqual({ low: 9.9, high: 10.2, level: 0.9375, ranks: [1, 5] });
    expect(d.medianCiB).toMatchObject({ low: 11.8, high: 12.3 });
    expect(d.medianDiffPercent).toBeCloseTo(21, 10);
    expect(d.verdict).toBe('B slower');
    expect(c.onlyInA).toEqual([]);
    expect(c.onlyInB).toEqual([]);
  });

  it('does not call overlapping samples significant', () => {
    const c = compareRuns(
      run('a', [timed('1-1', [10, 12, 11, 9, 13])]),
      run('b', [timed('1-1', [11, 10, 12.5, 9.5, 12])]),
    );
    const [d] = c.matched;
    expect(d.diffPercent).toBeCloseTo(0, 10);
    expect(d.pValue).toBeGreaterThan(0.5);
    expect(d.significant).toBe(false);
    expect(d.verdict).toBe('not distinguishable');
  });

  it('takes the verdict from the medians, not from the t-test', () => {
    // One wild run in B drags its mean and variance so Welch sees nothing; the medians' intervals stay apart.
    const c = compareRuns(
      run('a', [timed('1-1', [20, 20.4, 19.8, 20.2, 20.1, 19.9, 20.3, 20, 20.05])]),
      run('b', [timed('1-1', [15, 15.2, 14.9, 15.1, 15, 15.3, 14.8, 15.05, 400])]),
    );
    const [d] = c.matched;
    expect(d.significant).toBe(false);
    expect(d.verdict).toBe('B faster');
    // n = 9: ranks (2, 8), coverage 0.9609375; the 400 ms run is outside the interval.
    expect(d.medianCiB).toEqual({ low: 14.9, high: 15.3, level: 0.9609375, ranks: [2, 8] });
    expect(c.level).toBe(0.95);
  });

  it('gives no verdict from too few runs, however far apart', () => {
    const [d] = compareRuns(
      run('a', [timed('1-1', [10, 10.1, 10.2])]),
      run('b', [timed('1-1', [50, 50.1, 50.2])]),
    ).matched;
    // 3 runs a side: under MIN_RUNS_FOR_VERDICT, so no verdict whatever the intervals (they are apart here).
    expect(d.verdict).toBe('too few runs');
    expect(d.medianCiA!.level).toBe(0.75);
  });

  it('honours alpha', () => {
    const a = run('a', [timed('1-1', [10, 10.5, 11])]);
    const b = run('b', [timed('1-1', [11, 11.5, 12])]);
    const p = compareRuns(a, b).matched[0].pValue!;
    expect(p).toBeGreaterThan(0.01);
    expect(p).toBeLessThan(0.1);
    expect(compareRuns(a, b, 0.1).matched[0].significant).toBe(true);
    expect(compareRuns(a, b, 0.01).matched[0].significant).toBe(false);
  });

  it('finds a run identical to itself', () => {
    const c = compareRuns(SAMPLE_RUN, SAMPLE_RUN);
    expect(c.matched).toHaveLength(SAMPLE_RUN.scenarios.length);
    for (const d of c.matched) {
      expect(d.diffPercent).toBe(0);
      expect(d.pValue).toBe(1);
      expect(d.significant).toBe(false);
      expect(['not distinguishable', 'too few runs']).toContain(d.verdict);
    }
    expect(c.onlyInA).toEqual([]);
    expect(c.onlyInB).toEqual([]);
  });

  it('compares constant samples without NaN', () => {
    const same = compareRuns(run('a', [timed('1-1', [5, 5, 5])]), run('b', [timed('1-1', [5, 5, 5])])).matched[0];
    expect(same.pValue).toBe(1);
    const apart = compareRuns(run('a', [timed('1-1', [5, 5, 5])]), run('b', [timed('1-1', [6, 6, 6])])).matched[0];
    expect(apart.pValue).toBe(0);
    expect(apart.significant).toBe(true);
  });

  it('gives no p-value with fewer than 2 runs on a side', () => {
    const [d] = compareRuns(run('a', [timed('1-1', [10])]), run('b', [timed('1-1', [20, 21, 22])])).matched;
    expect(d.pValue).toBeNull();
    expect(d.significant).toBe(false);
    expect(d.diffPercent).toBeCloseTo(110, 10);
  });

  it('matches on every parameter and lists what only one run has', () => {
    const a = run('a', [
      timed('1-1', [1, 2]),
      timed('1-1', [1, 2], { transport: 'grpc' }),
      timed('1-2', [1, 2], { rowsPerRequest: 10_000 }),
      timed('2-1', [1, 2], { mode: 'parallel', requests: 10, concurrency: 10 }),
    ]);
    const b = run('b', [
      timed('2-1', [1, 2], { mode: 'parallel', requests: 10, concurrency: 5 }),
      timed('1-2', [1, 2], { rowsPerRequest: 1_000 }),
      timed('1-1', [1, 2]),
      timed('1-3', [1, 2]),
    ]);
    const c = compareRuns(a, b);
    expect(c.matched.map((d) => `${d.name}/${d.transport}`)).toEqual(['1-1/json']);
    expect(c.onlyInA.map((k) => `${k.name}/${k.transport}/${k.rowsPerRequest}/${k.concurrency}`)).toEqual([
      '1-1/grpc/1/1',
      '1-2/json/10000/1',
      '2-1/json/1/10',
    ]);
    expect(c.onlyInB.map((k) => `${k.name}/${k.rowsPerRequest}/${k.concurrency}`)).toEqual([
      '2-1/1/5',
      '1-2/1000/1',
      '1-3/1/1',
    ]);
    expect(c.onlyInB[0]).toEqual({
      name: '2-1',
      transport: 'json',
      variant: 'json',
      mode: 'parallel',
      rowsPerRequest: 1,
      requests: 10,
      concurrency: 5,
    });
    expect(c.a).toEqual({ id: 'a', label: null });
    expect(c.alpha).toBe(0.05);
  });
});
