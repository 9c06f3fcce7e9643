import { human, percentile, sortAscending, type SavedRun } from '@app/bench';
import type { LeftOut, PointSpec, ScatterChartSpec } from './chart-spec.interface';
import { seriesLabel } from './run-names';
import { groupBy, variantOf, type RunScenario } from './scenario-rows';

const TITLE = 'Every measured run over time';

// Tukey's far-out fence: a run this far above its scenario's quartiles is worth a look (needs 4 runs to mean anything).
const FAR_OUT = 3;

function outlierAbove(times: number[]): number {
  if (times.length < 4) return Infinity;
  const sorted = sortAscending(times);
  const q1 = percentile(sorted, 25);
  const q3 = percentile(sorted, 75);
  return q3 + FAR_OUT * (q3 - q1);
}

const ms = (v: number) => human(v, 2);

/** One point per measured run at its start time, per variant: outliers, warm-up left-overs and drift show as shapes. */
export function runScatterChart(runs: readonly SavedRun[], scenarios: RunScenario[]): ScatterChartSpec | LeftOut {
  const withRuns = scenarios.filter((s) => s.result.runs.length > 0);
  if (withRuns.length === 0) return { title: TITLE, reason: 'no measured runs in this run yet' };
  const flagged: string[] = [];
  const series = [...groupBy(withRuns, (s) => `${s.runIndex}|${variantOf(s.result)}`).values()].map((group) => {
    const { runIndex, run, result } = group[0];
    const start = Date.parse(run.startedAt);
    const points: PointSpec[] = group.flatMap((s) => {
      const fence = outlierAbove(s.result.runs.map((r) => r.ms));
      return s.result.runs.map((r) => {
        const point: PointSpec = { x: (Date.parse(r.at) - start) / 1000, y: r.ms, note: `${s.result.name}, run ${r.run}` };
        if (r.ms > fence) {
          point.flag = 'outlier';
          flagged.push(`${seriesLabel(runs, s.runIndex, variantOf(s.result))} ${s.result.name} run ${r.run}: ${ms(r.ms)} ms (median ${ms(s.result.stats.medianMs)} ms)`);
        }
        return point;
      });
    });
    return { label: seriesLabel(runs, runIndex, variantOf(result)), colorKey: variantOf(result), runIndex, points };
  });
  return {
    kind: 'scatter',
    id: 'runs-over-time',
    title: TITLE,
    caption: 'Each dot is one measured run, at the time it started: a scenario\'s dots should sit at one height; a dot far above its neighbours is an outlier (red triangle), a slope within a scenario is drift.',
    x: { title: 'seconds since the run started', log: false },
    y: { title: 'run time (ms, log)', log: true },
    series,
    table: {
      head: ['variant', 'scenario', 'run times ms, in order', 'min ms', 'median ms', 'max ms', 'cv %'],
      numeric: [false, false, false, true, true, true, true],
      rows: withRuns.map((s) => [
        seriesLabel(runs, s.runIndex, variantOf(s.result)),
        s.result.name,
        s.result.runs.map((r) => ms(r.ms)).join(', '),
        ms(s.result.stats.minMs),
        ms(s.result.stats.medianMs),
        ms(s.result.stats.maxMs),
        human(s.result.stats.cv * 100, 1),
      ]),
    },
    notes: flagged.length ? flagged.map((f) => `Outlier (above Q3 + ${FAR_OUT} × IQR of its scenario): ${f}.`) : [],
  };
}
