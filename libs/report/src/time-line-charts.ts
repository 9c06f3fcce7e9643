import { human } from '@app/printers';
import { type SavedRun } from '@app/explain';
import type { LeftOut, LineChartSpec, SeriesSpec } from './chart-spec.interface';
import { crossoverNotes } from './crossover-notes';
import { findCrossings, supported } from './crossovers';
import { seriesLabel } from './run-names';
import { groupBy, lineOf, type RunScenario } from './scenario-rows';
import { apartByRuns } from './told-apart-at';

interface LineSweep {
  id: string;
  title: string;
  caption: string;
  x: { title: string; head: string; of: (s: RunScenario) => number };
  /** Which scenarios the sweep is made of. */
  include: (s: RunScenario) => boolean;
  /** Scenarios with the same key form one line; its text is the line's label (before the run's name). */
  line: (s: RunScenario) => { key: string; text: string };
  missing: string;
}

const ms = (v: number | undefined) => human(v, 2);
const plural = (n: number, word: string) => `${human(n)} ${word}${n === 1 ? '' : 's'}`;
const cap = (s: RunScenario) =>
  s.result.concurrency < s.result.requests ? `cap ${human(s.result.concurrency)}` : 'all at once';

const SWEEPS: LineSweep[] = [
  {
    id: 'time-vs-rows',
    title: 'Median time vs rows per request',
    caption:
      'One request at a time: how the time grows with the response size. Shaded bands reach the p90 and p99 ' +
      'run times; ✕ marks where one line overtakes another and the runs at the sizes either side tell the two apart.',
    x: { title: 'rows per request (log)', head: 'rows/req', of: (s) => s.result.rowsPerRequest },
    include: (s) => s.result.mode === 'single' && s.result.requests === 1,
    line: (s) => ({ key: lineOf(s.result), text: lineOf(s.result) }),
    missing: 'no single-request scenarios at two or more sizes in this run (a rows sweep: the full preset)',
  },
  {
    id: 'time-vs-parallel',
    title: 'Median time vs parallel requests',
    caption:
      'Many requests in flight: time for the whole batch as the number of requests grows, all at once or ' +
      'under a concurrency cap. Bands reach p90 and p99.',
    x: { title: 'parallel requests per run (log)', head: 'requests', of: (s) => s.result.requests },
    include: (s) => s.result.mode === 'parallel',
    line: (s) => ({
      key: `${lineOf(s.result)}|${s.result.rowsPerRequest}|${cap(s)}`,
      text: `${lineOf(s.result)}, ${plural(s.result.rowsPerRequest, 'row')}, ${cap(s)}`,
    }),
    missing: 'no parallel scenarios at two or more request counts in this run (a parallel sweep: the full preset)',
  },
  {
    id: 'time-vs-concurrency',
    title: 'Median time vs concurrency cap',
    caption: 'The same batch of requests with at most this many in flight at once. Bands reach p90 and p99.',
    x: { title: 'requests in flight at most (log)', head: 'concurrency', of: (s) => s.result.concurrency },
    include: (s) => s.result.mode === 'parallel',
    line: (s) => ({
      key: `${lineOf(s.result)}|${s.result.rowsPerRequest}|${s.result.requests}`,
      text: `${lineOf(s.result)}, ${plural(s.result.requests, 'request')} of ${plural(s.result.rowsPerRequest, 'row')}`,
    }),
    missing:
      'no batch of parallel requests run under two or more concurrency caps in this run (the full preset has some)',
  },
];

/** A line per (run, key): one point per x (the first scenario at that x), sorted; only lines of two points or more. */
function linesOf(
  sweep: LineSweep,
  runs: readonly SavedRun[],
  scenarios: RunScenario[],
): { series: SeriesSpec[]; rows: RunScenario[][] } {
  const groups = groupBy(scenarios.filter(sweep.include), (s) => `${s.runIndex}|${sweep.line(s).key}`);
  const series: SeriesSpec[] = [];
  const rows: RunScenario[][] = [];
  for (const group of groups.values()) {
    const byX = [...groupBy(group, (s) => String(sweep.x.of(s))).values()].map((same) => same[0]);
    if (byX.length < 2) continue;
    byX.sort((a, b) => sweep.x.of(a) - sweep.x.of(b));
    const first = byX[0];
    series.push({
      label: seriesLabel(runs, first.runIndex, sweep.line(first).text),
      colorKey: lineOf(first.result),
      runIndex: first.runIndex,
      points: byX.map((s) => ({
        x: sweep.x.of(s),
        y: s.result.stats.medianMs,
        p90: s.result.stats.p90Ms,
        p99: s.result.stats.p99Ms,
        note: s.result.name,
      })),
    });
    rows.push(byX);
  }
  return { series, rows };
}

function chartOf(sweep: LineSweep, runs: readonly SavedRun[], scenarios: RunScenario[]): LineChartSpec | null {
  const { series, rows } = linesOf(sweep, runs, scenarios);
  if (series.length === 0) return null;
  const crossings = findCrossings(series, apartByRuns(rows, sweep.x.of));
  return {
    kind: 'line',
    id: sweep.id,
    title: sweep.title,
    caption: sweep.caption,
    x: { title: sweep.x.title, log: true },
    y: { title: 'median time per run (ms, log)', log: true },
    series,
    bands: true,
    crossovers: supported(crossings),
    table: {
      head: ['line', sweep.x.head, 'scenario', 'median ms', 'p90 ms', 'p99 ms', 'runs'],
      numeric: [false, true, false, true, true, true, true],
      rows: rows.flatMap((line, i) =>
        line.map((s) => [
          series[i].label,
          human(sweep.x.of(s)),
          s.result.name,
          ms(s.result.stats.medianMs),
          ms(s.result.stats.p90Ms),
          ms(s.result.stats.p99Ms),
          human(s.result.stats.n),
        ]),
      ),
    },
    notes: crossoverNotes(crossings, series.length, sweep.x.head),
  };
}

/**
 * Time vs rows, vs parallel requests and vs concurrency cap: each drawn when some line has two points, else left out.
 */
export function timeLineCharts(
  runs: readonly SavedRun[],
  scenarios: RunScenario[],
): { charts: LineChartSpec[]; leftOut: LeftOut[] } {
  const charts: LineChartSpec[] = [];
  const leftOut: LeftOut[] = [];
  for (const sweep of SWEEPS) {
    const chart = chartOf(sweep, runs, scenarios);
    if (chart) charts.push(chart);
    else leftOut.push({ title: sweep.title, reason: sweep.missing });
  }
  return { charts, leftOut };
}
