import { COMPARISON_SECTIONS, CONNECT_SECTION, type ComparisonSection, type SectionPlace } from '@app/printers';
import { chartLibraryVersion } from './chart-library';
import { type BenchRun } from '@app/bench';
import { isLoadRun, type SavedRun } from '@app/explain';
import type { ReportSection } from './chart-spec.interface';
import { resourceBarCharts } from './resource-bar-charts';
import { runContext, type RunContext } from './run-context';
import { runName } from './run-names';
import { runScatterChart } from './run-scatter-chart';
import { measuredScenarios } from './scenario-rows';
import { SECTION_CHARTS, type SectionCharts, type TaggedRun } from './section-charts';
import { textBlocks } from './section-blocks';
import { timeLineCharts } from './time-line-charts';

/** Everything report.html shows, as plain data: the printer renders it, the page's script draws its charts. */
export interface ReportModel {
  title: string;
  runs: RunContext[];
  sections: ReportSection[];
  chartLibrary: string;
}

export const CONNECT_SECTION_TITLE = CONNECT_SECTION.title;

/** The bench runs' own figures, drawn for every bench run: time against each sweep, and the cost of a request. */
function ownSections(runs: readonly SavedRun[], benchRuns: TaggedRun<BenchRun>[]): ReportSection[] {
  const scenarios = measuredScenarios(benchRuns);
  const lines = timeLineCharts(runs, scenarios);
  const scatter = runScatterChart(runs, scenarios);
  const drawn = 'kind' in scatter ? { charts: [scatter], leftOut: [] } : { charts: [], leftOut: [scatter] };
  return [
    {
      title: 'Time',
      charts: [...lines.charts, ...drawn.charts],
      leftOut: [...lines.leftOut, ...drawn.leftOut],
      blocks: [],
    },
    { title: 'Cost per request', ...resourceBarCharts(runs, scenarios), blocks: [] },
  ];
}

/**
 * One registry section over the runs it applies to: its chart (section-charts.ts), or, where it has none or it draws
 * nothing (one shape named, no second to set it against), its tables and sentences, as the terminal and summary.md
 * print them. Nothing when it applies to none of the runs.
 */
function comparisonSection(section: ComparisonSection, runs: readonly SavedRun[], tagged: TaggedRun[]): ReportSection {
  const applying = tagged.filter((t) => section.appliesTo(t.run));
  const draw = (SECTION_CHARTS as Partial<Record<string, SectionCharts>>)[section.id];
  const drawn = applying.length && draw ? draw(runs, applying) : { charts: [], leftOut: [] };
  return { title: section.title, ...drawn, blocks: drawn.charts.length ? [] : textBlocks(section, applying, runs) };
}

/**
 * The report of one run, or of several overlaid (each series named after its run): every section of the registry
 * that applies to one of them, before and after the bench runs' own figures, each only when it shows something (a
 * chart left out of a section that draws others is named with why). Pure: the same runs give the same model.
 */
export function reportModel(
  runs: readonly SavedRun[],
  sections: readonly ComparisonSection[] = COMPARISON_SECTIONS,
): ReportModel {
  if (runs.length === 0) throw new Error('a report needs at least one run');
  const tagged = runs.map((run, runIndex) => ({ run, runIndex }));
  const benchRuns = tagged.filter((t): t is TaggedRun<BenchRun> => !isLoadRun(t.run));
  const at = (place: SectionPlace) =>
    sections.filter((s) => s.place === place).map((s) => comparisonSection(s, runs, tagged));
  // A heading with nothing drawn under it says less than no heading: its charts' reasons go with it.
  const shown = [
    ...at('before-results'),
    ...(benchRuns.length ? ownSections(runs, benchRuns) : []),
    ...at('after-results'),
  ].filter((s) => s.charts.length > 0 || s.blocks.length > 0);
  return {
    title:
      runs.length === 1 ? `wirebench report: ${runName(runs[0])}` : `wirebench report: ${runs.length} runs overlaid`,
    runs: runs.map(runContext),
    sections: shown,
    chartLibrary: `Chart.js ${chartLibraryVersion()}`,
  };
}
