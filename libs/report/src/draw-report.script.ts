import type { BarChartSpec, ChartSpec, LineChartSpec, PointSpec, ScatterChartSpec } from './chart-spec.interface';

/** The parts of Chart.js's constructor the script uses; the real one is the UMD global `Chart` inlined in the page. */
export type ChartConstructor = new (canvas: HTMLCanvasElement, config: unknown) => unknown;

/**
 * Runs in the browser, not in Node: the printer inlines `drawReport.toString()` and calls it with the chart specs
 * and Chart.js. So it must use nothing from outside its own body (no imports at run time, no helpers), which
 * holds whether it was compiled by ts-jest or by nest build; type imports are erased.
 */
export function drawReport(charts: ChartSpec[], Chart: ChartConstructor): void {
  // A variant keeps its colour across charts; json and grpc get the pair most readers know them by.
  const fixed: Record<string, string> = {
    json: '#1f77b4',
    grpc: '#ff7f0e',
    article: '#7f7f7f',
    'this machine': '#1f77b4',
  };
  const palette = ['#2ca02c', '#9467bd', '#8c564b', '#e377c2', '#17becf', '#bcbd22', '#d62728', '#393b79', '#637939'];
  const assigned = new Map<string, string>();
  const colorOf = (key: string): string => {
    if (fixed[key]) return fixed[key];
    if (!assigned.has(key)) assigned.set(key, palette[assigned.size % palette.length]);
    return assigned.get(key)!;
  };
  // Overlaid runs are told apart by dash pattern (lines) or lightness (bars).
  const dashes = [[], [8, 4], [2, 3], [12, 3, 2, 3]];
  const dashOf = (runIndex: number, dashed?: boolean) => (dashed ? [6, 4] : dashes[runIndex % dashes.length]);
  const FLAG = '#d62728';

  // A linear axis starts at zero: around one value Chart.js would otherwise span ±5% of it (47.5 to 52.5 for 50),
  // and a small difference would look large.
  const axis = (spec: { title: string; log: boolean }, category = false) => ({
    type: category ? 'category' : spec.log ? 'logarithmic' : 'linear',
    title: { display: true, text: spec.title },
    ...(category || spec.log ? {} : { beginAtZero: true }),
  });

  const tooltipLabel = (item: {
    dataset: { label?: string; flags?: string[] };
    dataIndex: number;
    raw: unknown;
    formattedValue: string;
  }) => {
    const raw = item.raw as Partial<PointSpec> | number | null;
    const point = raw !== null && typeof raw === 'object' ? raw : {};
    const flag = point.flag ?? item.dataset.flags?.[item.dataIndex];
    return `${item.dataset.label}: ${item.formattedValue}${point.note ? ` (${point.note})` : ''}${
      flag ? ` [${flag}]` : ''
    }`;
  };

  const options = (spec: ChartSpec, category = false) => ({
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    interaction: { mode: 'nearest', intersect: false },
    scales: { x: axis(spec.x, category), y: axis(spec.y) },
    plugins: {
      legend: {
        position: 'bottom',
        // Band fills are drawn, not listed: the caption says what the shading is.
        labels: {
          filter: (item: { datasetIndex: number }, data: { datasets: { band?: boolean }[] }) =>
            !data.datasets[item.datasetIndex].band,
        },
      },
      tooltip: { callbacks: { label: tooltipLabel } },
    },
  });

  // A flagged point is a larger triangle outlined in red and filled with its series' colour, so the flag does not
  // hide which series it belongs to.
  const flagged = (ctx: { raw?: Partial<PointSpec> }) => Boolean(ctx.raw && ctx.raw.flag);
  const pointStyle = (ctx: { raw?: Partial<PointSpec> }) => (flagged(ctx) ? 'triangle' : 'circle');
  const pointRadius = (ctx: { raw?: Partial<PointSpec> }) => (flagged(ctx) ? 8 : 3);

  const lineConfig = (spec: LineChartSpec | ScatterChartSpec) => {
    const datasets: Record<string, unknown>[] = [];
    for (const s of spec.series) {
      const color = colorOf(s.colorKey);
      const main = datasets.length;
      datasets.push({
        label: s.label,
        data: s.points,
        borderColor: color,
        backgroundColor: color,
        borderDash: dashOf(s.runIndex, s.dashed),
        showLine: spec.kind === 'line',
        pointStyle,
        pointRadius,
        pointBackgroundColor: color,
        pointBorderColor: (ctx: { raw?: Partial<PointSpec> }) => (flagged(ctx) ? FLAG : color),
        pointBorderWidth: (ctx: { raw?: Partial<PointSpec> }) => (flagged(ctx) ? 3 : 1),
      });
      if (spec.kind === 'line' && spec.bands) {
        const edge = (key: 'p90' | 'p99', target: number, alpha: string) =>
          datasets.push({
            label: `${s.label} ${key}`,
            band: true,
            data: s.points.map((p) => ({ x: p.x, y: p[key] ?? p.y })),
            borderWidth: 0,
            pointRadius: 0,
            fill: { target },
            backgroundColor: color + alpha,
          });
        edge('p90', main, '40');
        edge('p99', main + 1, '1a');
      }
    }
    if (spec.kind === 'line' && spec.crossovers.length) {
      datasets.push({
        label: 'crossover',
        data: spec.crossovers.map((c) => ({ x: c.x, y: c.y, note: c.text })),
        showLine: false,
        pointStyle: 'crossRot',
        pointRadius: 10,
        borderWidth: 3,
        borderColor: '#000',
        backgroundColor: '#000',
      });
    }
    return { type: spec.kind === 'line' ? 'line' : 'scatter', data: { datasets }, options: options(spec) };
  };

  const barConfig = (spec: BarChartSpec) => {
    const config = options(spec, true);
    if (spec.stacked) {
      Object.assign(config.scales.x, { stacked: true });
      Object.assign(config.scales.y, { stacked: true, beginAtZero: true });
    }
    return {
      type: 'bar',
      data: {
        labels: spec.categories,
        datasets: spec.datasets.flatMap((d) => {
          const color = d.color ?? colorOf(d.colorKey);
          // A flagged bar keeps its fill and gets a red outline: the colour still says whose bar it is.
          const flags = d.flags ?? [];
          const bar = {
            label: d.label,
            data: d.values,
            flags,
            backgroundColor: d.runIndex === 0 ? color : color + ['', '99', '55', 'cc'][d.runIndex % 4],
            borderColor: d.values.map((_v, i) => (flags[i] ? FLAG : color)),
            borderWidth: d.values.map((_v, i) => (flags[i] ? 3 : 1)),
          };
          // An interval is a floating bar [low, high], thin and dark, in the slot beside its value's bar (listed after
          // it).
          const interval = d.intervals && {
            label: `${d.label} 95% CI`,
            data: d.intervals,
            backgroundColor: '#000000aa',
            barPercentage: 0.15,
          };
          return interval ? [bar, interval] : [bar];
        }),
      },
      options: config,
    };
  };

  for (const spec of charts) {
    const canvas = document.getElementById(`chart-${spec.id}`) as HTMLCanvasElement | null;
    if (!canvas) continue;
    new Chart(canvas, spec.kind === 'bar' ? barConfig(spec) : lineConfig(spec));
  }
}
