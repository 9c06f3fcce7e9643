/**
 * What the page needs to draw one chart and print its table: plain data, serialised into the report as JSON.
 * The model (report-model.ts) builds these; the in-browser script (draw-report.script.ts) only turns them into
 * Chart.js configurations, and the printer renders `table` as HTML beneath the canvas, so the numbers a reader
 * sees in a table are the ones the chart was drawn from.
 */
export interface AxisSpec {
  /** With the unit, e.g. "median time (ms)". */
  title: string;
  log: boolean;
}

/** One point of a line or scatter; `p90`/`p99` are the band edges where the chart shows bands. */
export interface PointSpec {
  x: number;
  y: number;
  p90?: number;
  p99?: number;
  /** Why this point is marked (saturation, errors); drawn as a triangle outlined in red, listed in the table. */
  flag?: string;
  /** Shown in the tooltip: which scenario or level the point is. */
  note?: string;
}

export interface SeriesSpec {
  label: string;
  /** Series sharing a colour key share a colour (a variant keeps its colour across charts). */
  colorKey: string;
  /** Which saved run the series comes from (0-based): overlaid runs are told apart by dash pattern. */
  runIndex: number;
  points: PointSpec[];
  /** Drawn dashed (e.g. p99 next to p50). */
  dashed?: boolean;
}

/** A crossover: where one line overtakes another. */
export interface CrossoverSpec {
  x: number;
  y: number;
  /** e.g. "json overtakes grpc". */
  text: string;
}

export interface BarDatasetSpec {
  label: string;
  colorKey: string;
  runIndex: number;
  /** One per category; null where there is no figure. */
  values: (number | null)[];
  /** A fixed colour instead of the colour key's (a phase keeps the colour it has on the page too). */
  color?: string;
  /** One per category: why that bar is flagged ('' for none); a flagged bar is outlined in red, keeping its colour. */
  flags?: string[];
  /**
   * One per category: the value's 95% interval [low, high], drawn as a thin dark floating bar beside it (null: none).
   */
  intervals?: ([number, number] | null)[];
}

export interface TableSpec {
  head: string[];
  /** Right-aligned (numeric) columns, by index. */
  numeric: boolean[];
  rows: string[][];
}

interface ChartBase {
  /** Unique in the page; the canvas is `chart-<id>`. */
  id: string;
  title: string;
  /** One sentence: what question the chart answers and how to read it. */
  caption: string;
  x: AxisSpec;
  y: AxisSpec;
  table: TableSpec;
  /** Sentences printed under the table (crossovers found, points flagged). */
  notes: string[];
  /** Sentences printed beside the plot: what the chart shows, in words (the explain sentences of a case). */
  beside?: string[];
}

export interface LineChartSpec extends ChartBase {
  kind: 'line';
  series: SeriesSpec[];
  /** Draw each series' p90/p99 as shaded bands above its line. */
  bands: boolean;
  crossovers: CrossoverSpec[];
}

export interface ScatterChartSpec extends ChartBase {
  kind: 'scatter';
  series: SeriesSpec[];
}

export interface BarChartSpec extends ChartBase {
  kind: 'bar';
  categories: string[];
  datasets: BarDatasetSpec[];
  /** Datasets stacked into one bar per category (parts of a whole) instead of grouped side by side. */
  stacked?: boolean;
}

export type ChartSpec = LineChartSpec | ScatterChartSpec | BarChartSpec;

/** A chart the run has no data for: named, with why, instead of an empty frame. */
export interface LeftOut {
  title: string;
  reason: string;
}

/**
 * A section's table, legend and sentences as the page prints them where it draws no chart (SectionBlock of @app/bench).
 */
export interface TextBlockSpec {
  /** Unique in the page; the table is `table-<id>`. */
  id: string;
  heading?: string;
  table?: TableSpec;
  legend?: string;
  lead?: string;
  sentences: string[];
}

/**
 * A group of charts under one heading (bench timings, resources, load, the article), or a section's words and tables.
 */
export interface ReportSection {
  title: string;
  charts: ChartSpec[];
  leftOut: LeftOut[];
  /** Printed where the section draws no chart. */
  blocks: TextBlockSpec[];
}
