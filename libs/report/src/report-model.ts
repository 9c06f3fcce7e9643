import { chartLibraryVersion } from './chart-library';
import { isLoadRun, type BenchRun, type LoadRun, type SavedRun } from '@app/bench';
import type { ChartSpec, LeftOut, ReportSection } from './chart-spec.interface';
import { articleChart } from './article-chart';
import { BATCHING_TITLE, batchingCharts } from './batching-chart';
import { connectCharts } from './connect-charts';
import { loadCharts } from './load-charts';
import { networkChart } from './network-chart';
import { runtimeRatioChart } from './runtime-chart';
import { phaseCharts, PHASE_CHART_TITLE } from './phase-charts';
import { resourceBarCharts } from './resource-bar-charts';
import { runContext, type RunContext } from './run-context';
import { runName } from './run-names';
import { runScatterChart } from './run-scatter-chart';
import { serializerRatioChart, shapeRatioChart } from './shape-charts';
import { measuredScenarios } from './scenario-rows';
import { timeLineCharts } from './time-line-charts';

/** Everything report.html shows, as plain data: the printer renders it, the page's script draws its charts. */
export interface ReportModel {
  title: string;
  runs: RunContext[];
  sections: ReportSection[];
  chartLibrary: string;
}

function split(items: (ChartSpec | LeftOut)[]): { charts: ChartSpec[]; leftOut: LeftOut[] } {
  return {
    charts: items.filter((i): i is ChartSpec => 'kind' in i),
    leftOut: items.filter((i): i is LeftOut => !('kind' in i)),
  };
}

export const CONNECT_SECTION_TITLE = 'Connect against JSON and gRPC';

function benchSections(runs: readonly SavedRun[], benchRuns: { run: BenchRun; runIndex: number }[]): ReportSection[] {
  const scenarios = measuredScenarios(benchRuns);
  const lines = timeLineCharts(runs, scenarios);
  const scatter = split([runScatterChart(runs, scenarios)]);
  const resources = resourceBarCharts(runs, scenarios);
  const article = split([articleChart(runs, benchRuns)]);
  const network = networkChart(runs, benchRuns);
  const byRuntime = runtimeRatioChart(runs, benchRuns);
  const byShape = [shapeRatioChart(runs, benchRuns), serializerRatioChart(runs, benchRuns)].filter((c) => c !== null);
  return [
    // What the connect preset was made for: first when there (connect-charts.ts: only with a connect variant beside json or grpc).
    { title: CONNECT_SECTION_TITLE, charts: connectCharts(runs, benchRuns), leftOut: [] },
    // First when there: each is what its preset (network, batching) was made for.
    ...(network ? [{ title: 'Under network conditions', charts: [network], leftOut: [] }] : []),
    // Only when the run has results on more than one runtime (--node, the runtimes preset).
    ...(byRuntime ? [{ title: 'By runtime', charts: [byRuntime], leftOut: [] }] : []),
    { title: BATCHING_TITLE, charts: batchingCharts(runs, benchRuns), leftOut: [] },
    // Only when the run has more than one shape, or a serializer beside its baseline (shape-charts.ts).
    { title: 'By shape and serializer', charts: byShape, leftOut: [] },
    // Then why: the workbench's main finding, before the sweeps that show how much.
    { title: PHASE_CHART_TITLE, ...phaseCharts(runs, benchRuns) },
    { title: 'Time', charts: [...lines.charts, ...scatter.charts], leftOut: [...lines.leftOut, ...scatter.leftOut] },
    { title: 'Cost per request', ...resources },
    { title: 'Compared with the article', ...article },
  ];
}

/**
 * The report of one run, or of several overlaid (each series named after its run): bench sections when a bench
 * run is among them, a load section when a load run is, each only when it draws something (a chart left out of a
 * section that draws others is named with why). Pure: the same runs give the same model.
 */
export function reportModel(runs: readonly SavedRun[]): ReportModel {
  if (runs.length === 0) throw new Error('a report needs at least one run');
  const tagged = runs.map((run, runIndex) => ({ run, runIndex }));
  const benchRuns = tagged.filter((t): t is { run: BenchRun; runIndex: number } => !isLoadRun(t.run));
  const loadRuns = tagged.filter((t): t is { run: LoadRun; runIndex: number } => isLoadRun(t.run));
  // A heading with nothing drawn under it says less than no heading: its charts' reasons go with it.
  const sections = [
    ...(benchRuns.length ? benchSections(runs, benchRuns) : []),
    ...(loadRuns.length ? [{ title: 'Load', ...loadCharts(runs, loadRuns) }] : []),
  ].filter((s) => s.charts.length > 0);
  return {
    title: runs.length === 1 ? `wirebench report: ${runName(runs[0])}` : `wirebench report: ${runs.length} runs overlaid`,
    runs: runs.map(runContext),
    sections,
    chartLibrary: `Chart.js ${chartLibraryVersion()}`,
  };
}
