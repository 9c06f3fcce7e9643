import { human, type SavedRun, type ScenarioResult } from '@app/bench';
import type { BarChartSpec, LeftOut } from './chart-spec.interface';
import { seriesLabel } from './run-names';
import { groupBy, variantOf, type RunScenario } from './scenario-rows';

interface Figure {
  id: string;
  title: string;
  caption: string;
  axis: string;
  head: string;
  log: boolean;
  decimals: number;
  value: (r: ScenarioResult) => number | null | undefined;
  missing: string;
}

const MB = 1_000_000;
const mb = (bytes: number | null) => (bytes === null ? null : bytes / MB);

const FIGURES: Figure[] = [
  {
    id: 'wire-bytes',
    title: 'Bytes on the wire per request',
    caption: 'TCP payload both ways (headers, framing and body) per request, from the counted pass.',
    axis: 'bytes per request (log)',
    head: 'B/req',
    log: true,
    decimals: 0,
    value: (r) => r.wire?.bytesPerRequest,
    missing: 'no wire bytes in this run (the counted pass did not run, or failed)',
  },
  {
    id: 'client-cpu',
    title: 'Client CPU per request',
    caption: 'CPU time (user + sys) the client process spent per request over the measured runs.',
    axis: 'client CPU ms per request (log)',
    head: 'ms/req',
    log: true,
    decimals: 3,
    value: (r) => r.resources.clientCpuMsPerRequest,
    missing: 'no client CPU figures in this run',
  },
  {
    id: 'server-cpu',
    title: 'Server CPU per request',
    caption: 'CPU time (user + sys) of the serving process(es) per request; empty where the server is on another host.',
    axis: 'server CPU ms per request (log)',
    head: 'ms/req',
    log: true,
    decimals: 3,
    value: (r) => r.resources.serverCpuMsPerRequest,
    missing: 'no server CPU figures in this run (servers on another host cannot be measured)',
  },
  {
    id: 'client-rss',
    title: 'Client peak RSS',
    caption: 'Peak resident memory of the client process during the scenario\'s runs.',
    axis: 'client peak RSS (MB = 10^6 bytes)',
    head: 'MB',
    log: false,
    decimals: 1,
    value: (r) => mb(r.resources.clientPeakRssBytes),
    missing: 'no client peak RSS figures in this run',
  },
  {
    id: 'server-rss',
    title: 'Server peak RSS',
    caption: 'Peak resident memory of the serving process(es) during the scenario\'s runs.',
    axis: 'server peak RSS (MB = 10^6 bytes)',
    head: 'MB',
    log: false,
    decimals: 1,
    value: (r) => mb(r.resources.serverPeakRssBytes),
    missing: 'no server peak RSS figures in this run (servers on another host cannot be measured)',
  },
];

/** One bar chart: scenarios along x, a bar per (run, variant) in each group. */
function barChartOf(figure: Figure, runs: readonly SavedRun[], scenarios: RunScenario[]): BarChartSpec | LeftOut {
  const present = scenarios.filter((s) => {
    const v = figure.value(s.result);
    return v !== null && v !== undefined && Number.isFinite(v) && (!figure.log || v > 0);
  });
  if (present.length === 0) return { title: figure.title, reason: figure.missing };
  const categories = [...new Set(present.map((s) => s.result.name))];
  const datasets = [...groupBy(present, (s) => `${s.runIndex}|${variantOf(s.result)}`).values()].map((group) => {
    const byName = new Map(group.map((s) => [s.result.name, figure.value(s.result) ?? null]));
    return {
      label: seriesLabel(runs, group[0].runIndex, variantOf(group[0].result)),
      colorKey: variantOf(group[0].result),
      runIndex: group[0].runIndex,
      values: categories.map((name) => byName.get(name) ?? null),
    };
  });
  return {
    kind: 'bar',
    id: figure.id,
    title: figure.title,
    caption: figure.caption,
    x: { title: 'scenario', log: false },
    y: { title: figure.axis, log: figure.log },
    categories,
    datasets,
    table: {
      head: ['scenario', ...datasets.map((d) => `${d.label} ${figure.head}`)],
      numeric: [false, ...datasets.map(() => true)],
      rows: categories.map((name, i) => [name, ...datasets.map((d) => human(d.values[i], figure.decimals))]),
    },
    notes: [],
  };
}

/** Wire bytes, client and server CPU per request, client and server peak RSS: grouped bars, or a note when absent. */
export function resourceBarCharts(runs: readonly SavedRun[], scenarios: RunScenario[]): { charts: BarChartSpec[]; leftOut: LeftOut[] } {
  const charts: BarChartSpec[] = [];
  const leftOut: LeftOut[] = [];
  for (const figure of FIGURES) {
    const chart = barChartOf(figure, runs, scenarios);
    if ('kind' in chart) charts.push(chart);
    else leftOut.push(chart);
  }
  return { charts, leftOut };
}
