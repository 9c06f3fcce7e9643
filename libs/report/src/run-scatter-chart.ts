import { human } from '@app/printers';
import { invocationOf, percentile, shapeOf, sortAscending } from '@app/bench';
import { type SavedRun } from '@app/explain';
import type { LeftOut, PointSpec, ScatterChartSpec } from './chart-spec.interface';
import { seriesLabel } from './run-names';
import { groupBy, lineOf, type RunScenario } from './scenario-rows';

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

/** "1.00, 1.10" or, from several invocations, "inv 1: 1.00, 1.10; inv 2: 1.30, 1.20". */
function runTimes(s: RunScenario): string {
  if (!byInvocation(s.run)) return s.result.runs.map((r) => ms(r.ms)).join(', ');
  return [...groupBy(s.result.runs, (r) => String(invocationOf(r))).entries()]
    .map(([k, rs]) => `inv ${k}: ${rs.map((r) => ms(r.ms)).join(', ')}`)
    .join('; ');
}

/** A saved run made in several invocations (fresh processes): its dots are coloured by invocation, not by variant. */
const byInvocation = (run: SavedRun) => run.kind === 'bench' && (run.invocations ?? 1) > 1;

/** One point per measured run at its start time, per variant: outliers, warm-up left-overs and drift show as shapes. */
export function runScatterChart(runs: readonly SavedRun[], scenarios: RunScenario[]): ScatterChartSpec | LeftOut {
  const withRuns = scenarios.filter((s) => s.result.runs.length > 0);
  if (withRuns.length === 0) return { title: TITLE, reason: 'no measured runs in this run yet' };
  const flagged: string[] = [];
  // One series per variant, or per variant and invocation: a process that settled slower shows as a colour apart.
  const points = withRuns.flatMap((s) => {
    const fence = outlierAbove(s.result.runs.map((r) => r.ms));
    return s.result.runs.map((r) => ({ s, r, outlier: r.ms > fence }));
  });
  const key = ({ s, r }: (typeof points)[number]) =>
    `${s.runIndex}|${lineOf(s.result)}${byInvocation(s.run) ? `|${invocationOf(r)}` : ''}`;
  const series = [...groupBy(points, key).values()].map((group) => {
    const { s: first, r: firstRun } = group[0];
    const start = Date.parse(first.run.startedAt);
    const invocation = byInvocation(first.run) ? invocationOf(firstRun) : null;
    const text = invocation === null ? lineOf(first.result) : `${lineOf(first.result)} · invocation ${invocation}`;
    const label = seriesLabel(runs, first.runIndex, text);
    const dots: PointSpec[] = group.map(({ s, r, outlier }) => {
      const point: PointSpec = {
        x: (Date.parse(r.at) - start) / 1000,
        y: r.ms,
        note: `${s.result.name}, run ${r.run}${invocation === null ? '' : `, invocation ${invocation}`}`,
      };
      if (outlier) {
        point.flag = 'outlier';
        flagged.push(
          `${label} ${s.result.name} run ${r.run}: ${ms(r.ms)} ms (median ${ms(s.result.stats.medianMs)} ms)`,
        );
      }
      return point;
    });
    return {
      label,
      colorKey: invocation === null ? lineOf(first.result) : `invocation ${invocation}`,
      runIndex: first.runIndex,
      points: dots,
    };
  });
  return {
    kind: 'scatter',
    id: 'runs-over-time',
    title: TITLE,
    caption:
      "Each dot is one measured run, at the time it started: a scenario's dots should sit at one height; a dot " +
      'far above its neighbours is an outlier (a triangle outlined in red), a slope within a scenario is drift. ' +
      'A run made in several invocations colours its dots by invocation: one colour sitting apart from the ' +
      'others is a process that settled elsewhere.',
    x: { title: 'seconds since the run started', log: false },
    y: { title: 'run time (ms, log)', log: true },
    series,
    table: {
      head: ['variant', 'shape', 'scenario', 'run times ms, in order', 'min ms', 'median ms', 'max ms', 'cv %'],
      numeric: [false, false, false, false, true, true, true, true],
      rows: withRuns.map((s) => [
        seriesLabel(runs, s.runIndex, s.result.variant),
        shapeOf(s.result),
        s.result.name,
        runTimes(s),
        ms(s.result.stats.minMs),
        ms(s.result.stats.medianMs),
        ms(s.result.stats.maxMs),
        human(s.result.stats.cv * 100, 1),
      ]),
    },
    notes: flagged.length ? flagged.map((f) => `Outlier (above Q3 + ${FAR_OUT} × IQR of its scenario): ${f}.`) : [],
  };
}
