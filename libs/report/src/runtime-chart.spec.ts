import { benchRun, runtimeRun } from './fixtures/report-runs';
import { reportModel } from './report-model';
import { runtimeRatioChart } from './runtime-chart';

const one = (run = runtimeRun()) => [{ run, runIndex: 0 }];

describe('gRPC/JSON by runtime', () => {
  it('draws, per case, a bar per runtime with its 95% interval, and a table that names the side', () => {
    const chart = runtimeRatioChart([runtimeRun()], one())!;
    expect(chart.id).toBe('runtime-ratio');
    expect(chart.categories).toEqual(['1-1 · 1 row', '1-2 · 10,000 rows']);
    expect(chart.datasets.map((d) => [d.label, d.colorKey])).toEqual([
      ['Node 20.20.2', 'node20.20.2'],
      ['Node 26.10.0', 'node26.10.0'],
    ]);
    for (const d of chart.datasets) {
      for (const [i, iv] of d.intervals!.entries()) {
        expect(iv![0]).toBeLessThanOrEqual(d.values[i]!);
        expect(iv![1]).toBeGreaterThanOrEqual(d.values[i]!);
      }
    }
    // Node 26's JSON took 0.6× Node 20's: every ratio rises by 1 / 0.6.
    expect(chart.datasets[1].values[1]! / chart.datasets[0].values[1]!).toBeCloseTo(1 / 0.6, 5);
    expect(chart.table.rows.map((r) => [r[0], r[1], r[4]])).toEqual([
      ['1-1 · 1 row', 'Node 20.20.2', 'gRPC faster'],
      ['1-1 · 1 row', 'Node 26.10.0', 'JSON faster'],
      ['1-2 · 10,000 rows', 'Node 20.20.2', 'JSON faster'],
      ['1-2 · 10,000 rows', 'Node 26.10.0', 'JSON faster'],
    ]);
    expect(chart.notes[0]).toContain(
      'The verdict changes with the runtime: gRPC is faster on Node 20.20.2, JSON on Node 26.10.0.',
    );
    expect(chart.notes[1]).toContain('the verdict does not change with the runtime');
  });

  it('is drawn only for a run with more than one runtime, in a section of its own', () => {
    const plain = benchRun();
    expect(runtimeRatioChart([plain], one(plain))).toBeNull();
    expect(reportModel([plain]).sections.map((s) => s.title)).not.toContain('By runtime');
    const section = reportModel([runtimeRun()]).sections.find((s) => s.title === 'By runtime')!;
    expect(section.charts.map((c) => c.id)).toEqual(['runtime-ratio']);
  });
});
