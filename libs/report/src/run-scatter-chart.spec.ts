import type { BenchRun } from '@app/bench';
import { benchRun, FULL_CASES } from './fixtures/report-runs';
import { runScatterChart } from './run-scatter-chart';
import { measuredScenarios } from './scenario-rows';
import type { ScatterChartSpec } from './chart-spec.interface';

/** The fixture run as if made in two invocations: the first half of each result's runs in the first. */
function inTwoInvocations(run: BenchRun): BenchRun {
  const scenarios = run.scenarios.map((r) => ({ ...r, runs: r.runs.map((s, i) => ({ ...s, invocation: i < r.runs.length / 2 ? 1 : 2 })) }));
  return { ...run, invocations: 2, scenarios };
}

const scatterOf = (run: BenchRun) => runScatterChart([run], measuredScenarios([{ run, runIndex: 0 }])) as ScatterChartSpec;

describe('runScatterChart and invocations', () => {
  it('colours the dots by variant for one invocation, as before', () => {
    const scatter = scatterOf(benchRun());
    expect(scatter.series.map((s) => [s.label, s.colorKey])).toEqual([
      ['json', 'json'],
      ['grpc', 'grpc'],
    ]);
  });

  it('colours them by invocation for several: a series per variant and invocation, every run kept, the table split', () => {
    const scatter = scatterOf(inTwoInvocations(benchRun({ runs: 4 })));
    expect(scatter.series.map((s) => [s.label, s.colorKey])).toEqual([
      ['json · invocation 1', 'invocation 1'],
      ['json · invocation 2', 'invocation 2'],
      ['grpc · invocation 1', 'invocation 1'],
      ['grpc · invocation 2', 'invocation 2'],
    ]);
    expect(scatter.series.flatMap((s) => s.points)).toHaveLength(FULL_CASES.length * 2 * 4);
    expect(scatter.series[1].points[0].note).toMatch(/, run 3, invocation 2$/);
    expect(scatter.table.rows[0][2]).toMatch(/^inv 1: [\d.,]+, [\d.,]+; inv 2: [\d.,]+, [\d.,]+$/);
    expect(scatter.caption).toContain('colours its dots by invocation');
  });
});
