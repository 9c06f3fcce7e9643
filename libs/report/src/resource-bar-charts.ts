import { human, lifetimePeakLegend, peakCell } from '@app/printers';
import { type ScenarioResult } from '@app/bench';
import { type SavedRun } from '@app/explain';
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
  /** The figure is the process's lifetime peak, not the scenario's (VmHWM not reset): its cell is marked. */
  lifetime?: (r: ScenarioResult) => boolean | undefined;
  /** Why a result has no figure: what the run recorded when it could not measure it. */
  why: (r: ScenarioResult) => string;
  missing: string;
}

const NO_REASON = 'not measured, and the run recorded no reason';

/** The resource notes of the client's figures, or of the servers' (which name a server or say "server"). */
const notesOf = (side: 'client' | 'server') => (r: ScenarioResult) => {
  const notes = r.resources.notes.filter((n) => n.startsWith('client') === (side === 'client'));
  return notes.length ? notes.join('; ') : NO_REASON;
};

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
    why: (r) => (r.wire === null ? 'no counted pass was asked for' : (r.wire.note ?? NO_REASON)),
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
    why: notesOf('client'),
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
    why: notesOf('server'),
    missing: 'no server CPU figures in this run (servers on another host cannot be measured)',
  },
  {
    id: 'client-rss',
    title: 'Client peak RSS',
    caption: "Peak resident memory of the client process during the scenario's runs.",
    axis: 'client peak RSS (MB = 10^6 bytes)',
    head: 'MB',
    log: false,
    decimals: 1,
    value: (r) => mb(r.resources.clientPeakRssBytes),
    lifetime: (r) => r.resources.clientPeakIsLifetime,
    why: notesOf('client'),
    missing: 'no client peak RSS figures in this run',
  },
  {
    id: 'server-rss',
    title: 'Server peak RSS',
    caption: "Peak resident memory of the serving process(es) during the scenario's runs.",
    axis: 'server peak RSS (MB = 10^6 bytes)',
    head: 'MB',
    log: false,
    decimals: 1,
    value: (r) => mb(r.resources.serverPeakRssBytes),
    lifetime: (r) => r.resources.serverPeakIsLifetime,
    why: notesOf('server'),
    missing: 'no server peak RSS figures in this run (servers on another host cannot be measured)',
  },
];

const drawable = (figure: Figure, v: number | null | undefined): v is number =>
  v !== null && v !== undefined && Number.isFinite(v) && (!figure.log || v > 0);

/** Why a result that ran has no bar: its own recorded reason, or that a log axis cannot show its value. */
function whyNoBar(figure: Figure, r: ScenarioResult): string {
  const v = figure.value(r);
  return v !== null && v !== undefined && Number.isFinite(v)
    ? `${human(v, figure.decimals)}, which a log axis cannot show`
    : figure.why(r);
}

/**
 * One bar chart: scenarios along x, a bar per (run, variant) in each group. A result that ran without a figure keeps
 * its gap, and the table and a note under it say why; a variant that did not run a case is "not run" in the table.
 */
function barChartOf(figure: Figure, runs: readonly SavedRun[], scenarios: RunScenario[]): BarChartSpec | LeftOut {
  const present = scenarios.filter((s) => drawable(figure, figure.value(s.result)));
  if (present.length === 0) return { title: figure.title, reason: figure.missing };
  const categories = [...new Set(present.map((s) => s.result.name))];
  const notes: string[] = [];
  const datasets = [...groupBy(scenarios, (s) => `${s.runIndex}|${variantOf(s.result)}`).values()]
    .filter((group) => group.some((s) => categories.includes(s.result.name)))
    .map((group) => {
      const label = seriesLabel(runs, group[0].runIndex, variantOf(group[0].result));
      const byName = new Map(group.map((s) => [s.result.name, s.result]));
      const cells = categories.map((name) => {
        const r = byName.get(name);
        if (!r) return { value: null, cell: 'not run' };
        const v = figure.value(r);
        if (drawable(figure, v)) return { value: v, cell: peakCell(human(v, figure.decimals), figure.lifetime?.(r)) };
        const why = whyNoBar(figure, r);
        notes.push(`No bar for ${label} at ${name}: ${why}.`);
        return { value: null, cell: 'none, see below' };
      });
      return {
        label,
        colorKey: variantOf(group[0].result),
        runIndex: group[0].runIndex,
        values: cells.map((c) => c.value),
        cells: cells.map((c) => c.cell),
      };
    });
  // The bar of a lifetime peak is as tall as the process's highest ever: the table marks it and this says so.
  const lifetime = figure.lifetime
    ? lifetimePeakLegend(scenarios.filter((s) => figure.lifetime!(s.result)).map((s) => s.result)).trim()
    : '';
  if (lifetime) notes.push(lifetime);
  return {
    kind: 'bar',
    id: figure.id,
    title: figure.title,
    caption: figure.caption,
    x: { title: 'scenario', log: false },
    y: { title: figure.axis, log: figure.log },
    categories,
    datasets: datasets.map(({ cells: _cells, ...dataset }) => dataset),
    table: {
      head: ['scenario', ...datasets.map((d) => `${d.label} ${figure.head}`)],
      numeric: [false, ...datasets.map(() => true)],
      rows: categories.map((name, i) => [name, ...datasets.map((d) => d.cells[i])]),
    },
    notes,
  };
}

/** Wire bytes, client and server CPU per request, client and server peak RSS: grouped bars, or a note when absent. */
export function resourceBarCharts(
  runs: readonly SavedRun[],
  scenarios: RunScenario[],
): { charts: BarChartSpec[]; leftOut: LeftOut[] } {
  const charts: BarChartSpec[] = [];
  const leftOut: LeftOut[] = [];
  for (const figure of FIGURES) {
    const chart = barChartOf(figure, runs, scenarios);
    if ('kind' in chart) charts.push(chart);
    else leftOut.push(chart);
  }
  return { charts, leftOut };
}
