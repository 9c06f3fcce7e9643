import type { BenchRun } from '@app/bench';
import { benchRun, FULL_CASES, QUICK_CASES } from './fixtures/report-runs';
import { timeLineCharts } from './time-line-charts';
import { runScatterChart } from './run-scatter-chart';
import { measuredScenarios } from './scenario-rows';
import type { ScatterChartSpec } from './chart-spec.interface';

/** The fixture run as if made in two invocations: the first half of each result's runs in the first. */
function inTwoInvocations(run: BenchRun): BenchRun {
  const scenarios = run.scenarios.map((r) => ({
    ...r,
    runs: r.runs.map((s, i) => ({ ...s, invocation: i < r.runs.length / 2 ? 1 : 2 })),
  }));
  return { ...run, invocations: 2, scenarios };
}

const scatterOf = (run: BenchRun) =>
  runScatterChart([run], measuredScenarios([{ run, runIndex: 0 }])) as ScatterChartSpec;

describe('runScatterChart and invocations', () => {
  it('colours the dots by variant for one invocation, as before', () => {
    const scatter = scatterOf(benchRun());
    expect(scatter.series.map((s) => [s.label, s.colorKey])).toEqual([
      ['json', 'json'],
      ['grpc', 'grpc'],
    ]);
  });

  it(
    'colours them by invocation for several: a series per variant and invocation, every run kept, the table ' + 'split',
    () => {
      const scatter = scatterOf(inTwoInvocations(benchRun({ runs: 4 })));
      expect(scatter.series.map((s) => [s.label, s.colorKey])).toEqual([
        ['json · invocation 1', 'invocation 1'],
        ['json · invocation 2', 'invocation 2'],
        ['grpc · invocation 1', 'invocation 1'],
        ['grpc · invocation 2', 'invocation 2'],
      ]);
      expect(scatter.series.flatMap((s) => s.points)).toHaveLength(FULL_CASES.length * 2 * 4);
      expect(scatter.series[1].points[0].note).toMatch(/, run 3, invocation 2$/);
      expect(scatter.table.rows[0][3]).toMatch(/^inv 1: [\d.,]+, [\d.,]+; inv 2: [\d.,]+, [\d.,]+$/);
      expect(scatter.caption).toContain('colours its dots by invocation');
    },
  );
});

describe('charts of a run with several message shapes', () => {
  // The same cases once more with numeric rows, named as --shapes names them.
  const base = benchRun({ cases: QUICK_CASES });
  const run: BenchRun = {
    ...base,
    scenarios: [
      ...base.scenarios,
      ...base.scenarios.map((r) => ({ ...r, name: `${r.name}-numeric`, shape: 'numeric' as const })),
    ],
  };
  const scenarios = measuredScenarios([{ run, runIndex: 0 }]);

  it("gives each variant and shape a series of its own, the row keeping the variant's name, and a shape column", () => {
    const scatter = scatterOf(run);
    expect(scatter.series.map((s) => s.label)).toEqual(['json', 'grpc', 'json · numeric', 'grpc · numeric']);
    expect(scatter.table.head.slice(0, 3)).toEqual(['variant', 'shape', 'scenario']);
    expect(scatter.table.rows.map((r) => `${r[0]}|${r[1]}|${r[2]}`)).toEqual(
      run.scenarios.map((r) => `${r.variant}|${r.shape ?? 'row'}|${r.name}`),
    );
  });

  it('never joins two shapes in one line of the time-vs-rows chart', () => {
    const rows = timeLineCharts([run], scenarios).charts.find((c) => c.id === 'time-vs-rows')!;
    expect(rows.series.map((s) => s.label)).toEqual(['json', 'grpc', 'json · numeric', 'grpc · numeric']);
    for (const line of rows.series)
      expect(line.points.every((p) => p.note!.endsWith('-numeric') === line.label.endsWith('numeric'))).toBe(true);
  });
});
