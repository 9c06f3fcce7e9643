import { human } from '@app/printers';
import { STACK_PHASES, type BenchRun } from '@app/bench';
import { explainRun, explainSentences } from '@app/explain';
import { benchRun, EXPLAIN_CASES, fixturePhases, withoutPhases } from './fixtures/report-runs';
import { phaseCharts } from './phase-charts';

const tagged = (runs: BenchRun[]) => runs.map((run, runIndex) => ({ run, runIndex }));
const chartsOf = (...runs: BenchRun[]) => phaseCharts(runs, tagged(runs));

describe('phaseCharts', () => {
  const run = benchRun({ cases: EXPLAIN_CASES, phases: true });
  const { charts, leftOut } = chartsOf(run);

  it('draws one stacked chart per case, a bar per variant, a layer per phase in its fixed colour', () => {
    expect(leftOut).toEqual([]);
    expect(charts.map((c) => [c.id, c.title])).toEqual([
      ['where-the-time-went-1-1', 'Where the time went: 1-2, one request of 10,000 rows'],
      ['where-the-time-went-1-2', 'Where the time went: 1-3, one request of 1,000,000 rows'],
    ]);
    const [chart] = charts;
    expect(chart).toMatchObject({ kind: 'bar', stacked: true, categories: ['json', 'grpc'], y: { log: false } });
    expect(chart.datasets.map((d) => d.label)).toEqual([
      'generate',
      'serialize',
      'wait',
      'transfer',
      'decode',
      'other',
    ]);
    expect(chart.datasets.map((d) => d.color)).toEqual(STACK_PHASES.filter((p) => !p.optional).map((p) => p.color));
  });

  it(
    "stacks the median run's parts, adding up to each variant's median exactly, with the same numbers in its " +
      'table',
    () => {
      const [chart] = charts;
      const grpc = run.scenarios.find((r) => r.name === '1-2' && r.variant === 'grpc')!;
      const expected = fixturePhases('grpc', grpc.stats.medianMs);
      const serialize = chart.datasets.find((d) => d.label === 'serialize')!;
      expect(serialize.values[1]).toBe(expected.serverSerializeMs);
      const height = chart.datasets.reduce((sum, d) => sum + (d.values[1] ?? 0), 0);
      expect(height).toBeCloseTo(grpc.stats.medianMs, 6);
      expect(chart.table.head).toEqual([
        'variant',
        'median ms',
        'generate ms',
        'serialize ms',
        'wait ms',
        'transfer ms',
        'decode ms',
        'other ms',
        'overlap ms',
      ]);
      expect(chart.table.rows[1].slice(0, 4)).toEqual([
        'grpc',
        human(expected.requestMs, 2),
        human(expected.serverGenerateMs, 2),
        human(expected.serverSerializeMs, 2),
      ]);
    },
  );

  it("puts the case's explain sentences beside the chart", () => {
    const [chart] = charts;
    expect(chart.beside).toEqual(explainSentences(explainRun(run).cases[0]));
    expect(chart.beside![0]).toMatch(/^For one request of 10,000 rows, gRPC took [\d.]+× JSON's time/);
    expect(chart.beside![1]).toMatch(/server-side serialization/);
  });

  it('keeps a variant without phases as an empty bar with a note, and skips a case where none has phases', () => {
    const mixed: BenchRun = {
      ...run,
      scenarios: run.scenarios.map((r) => (r.variant === 'grpc' || r.name === '1-3' ? withoutPhases(r) : r)),
    };
    const { charts: drawn } = chartsOf(mixed);
    expect(drawn).toHaveLength(1);
    expect(drawn[0].datasets.every((d) => d.values[1] === null)).toBe(true);
    expect(drawn[0].notes).toEqual([expect.stringMatching(/^grpc: no breakdown \(its transport reports no phases/)]);
  });

  it('leaves the chart out, with why, for a run without phases', () => {
    const { charts: none, leftOut: why } = chartsOf(benchRun({ cases: EXPLAIN_CASES }));
    expect(none).toEqual([]);
    expect(why).toEqual([
      { title: 'Where the time went', reason: expect.stringMatching(/^no scenario reported where its time went/) },
    ]);
  });

  it('names the run in each title when runs are overlaid, ids unique', () => {
    const { charts: both } = chartsOf(run, benchRun({ id: 'second', label: null, cases: EXPLAIN_CASES, phases: true }));
    expect(both.map((c) => c.id)).toEqual([
      'where-the-time-went-1-1',
      'where-the-time-went-1-2',
      'where-the-time-went-2-1',
      'where-the-time-went-2-2',
    ]);
    expect(both[2].title).toBe('Where the time went: 1-2, one request of 10,000 rows (second)');
  });
});
