export { CHART_LIBRARY, chartLibrarySource, chartLibraryVersion } from './chart-library';
export { printReportHtml } from './report-html.printer';
export { reportModel } from './report-model';
export type { ReportModel } from './report-model';
export type { RunContext } from './run-context';
export type {
  ChartSpec,
  LineChartSpec,
  ScatterChartSpec,
  BarChartSpec,
  SeriesSpec,
  PointSpec,
  CrossoverSpec,
  BarDatasetSpec,
  TableSpec,
  AxisSpec,
  LeftOut,
  ReportSection,
} from './chart-spec.interface';
export { escapeHtml, jsonForScript } from './escape-html';
