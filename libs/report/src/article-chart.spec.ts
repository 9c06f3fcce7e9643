import type { BarChartSpec } from './chart-spec.interface';
import { articleChart } from './article-chart';
import { benchRun, runtimeRun } from './fixtures/report-runs';

const drawn = (run = runtimeRun()) => articleChart([run], [{ run, runIndex: 0 }]) as BarChartSpec;

describe('gRPC/JSON compared with the article, on a runtime axis', () => {
  it('draws a bar per runtime for each article case the run measured, the runtime named', () => {
    const chart = drawn();
    expect(chart.categories).toEqual(['1-1', '1-2']);
    expect(chart.datasets.map((d) => d.label)).toEqual([
      'this machine, Node 20.20.2',
      'this machine, Node 26.10.0',
      'article (2022 laptop)',
    ]);
    // Each runtime its own colour, not one "this machine" for both.
    expect(new Set(chart.datasets.map((d) => d.colorKey)).size).toBe(3);
    const run = runtimeRun();
    const ratioOf = (name: string) => {
      const [json, grpc] = ['json', 'grpc'].map((v) => run.scenarios.find((r) => r.name === name && r.variant === v)!);
      return grpc.stats.medianMs / json.stats.medianMs;
    };
    expect(chart.datasets[1].values[1]).toBeCloseTo(ratioOf('1-2@node26.10.0'), 10);
  });

  it('has a row per case and runtime in its table', () => {
    const { table } = drawn();
    expect(table.head.slice(0, 2)).toEqual(['case', 'runtime']);
    expect(table.rows.map((r) => r.slice(0, 2))).toEqual([
      ['1-1', 'Node 20.20.2'],
      ['1-1', 'Node 26.10.0'],
      ['1-2', 'Node 20.20.2'],
      ['1-2', 'Node 26.10.0'],
    ]);
  });

  it('keeps one "this machine" bar and no runtime column without an axis', () => {
    const chart = drawn(benchRun());
    expect(chart.datasets.map((d) => d.label)).toEqual(['this machine', 'article (2022 laptop)']);
    expect(chart.table.head).not.toContain('runtime');
  });
});
