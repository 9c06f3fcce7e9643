import { type SectionId } from '@app/printers';
import { type BenchRun } from '@app/bench';
import { isLoadRun, type SavedRun } from '@app/explain';
import { type LoadRun } from '@app/load';
import { articleChart } from './article-chart';
import { batchingCharts } from './batching-chart';
import type { ChartSpec, LeftOut } from './chart-spec.interface';
import { connectCharts } from './connect-charts';
import { loadCharts } from './load-charts';
import { networkChart } from './network-chart';
import { phaseCharts } from './phase-charts';
import { runtimeRatioChart } from './runtime-chart';
import { serializerRatioChart, shapeRatioChart } from './shape-charts';

/** A saved run with its index among all the report's runs (series of overlaid runs are told apart by it). */
export interface TaggedRun<R extends SavedRun = SavedRun> {
  run: R;
  runIndex: number;
}

/** What a section draws from the runs it applies to; `runs` are all the report's, for naming overlaid series. */
export type SectionCharts = (
  runs: readonly SavedRun[],
  applying: readonly TaggedRun[],
) => { charts: ChartSpec[]; leftOut: LeftOut[] };

type Drawn = ChartSpec | LeftOut | null | (ChartSpec | LeftOut | null)[] | { charts: ChartSpec[]; leftOut: LeftOut[] };

function asParts(drawn: Drawn): { charts: ChartSpec[]; leftOut: LeftOut[] } {
  if (drawn !== null && !Array.isArray(drawn) && 'charts' in drawn) return drawn;
  const items = (Array.isArray(drawn) ? drawn : [drawn]).filter((i) => i !== null);
  return {
    charts: items.filter((i): i is ChartSpec => 'kind' in i),
    leftOut: items.filter((i): i is LeftOut => !('kind' in i)),
  };
}

const bench =
  (draw: (runs: readonly SavedRun[], benchRuns: TaggedRun<BenchRun>[]) => Drawn): SectionCharts =>
  (runs, applying) =>
    asParts(
      draw(
        runs,
        applying.filter((t): t is TaggedRun<BenchRun> => !isLoadRun(t.run)),
      ),
    );
const load =
  (draw: (runs: readonly SavedRun[], loadRuns: TaggedRun<LoadRun>[]) => Drawn): SectionCharts =>
  (runs, applying) =>
    asParts(
      draw(
        runs,
        applying.filter((t): t is TaggedRun<LoadRun> => isLoadRun(t.run)),
      ),
    );

/**
 * The chart each section of the registry (COMPARISON_SECTIONS of @app/bench) draws in report.html, by the section's id;
 * the charts carry the section's table and sentences with them. A section without an entry here (why, or one just
 * added) is printed as its tables, legends and sentences, so adding a section needs no line here to reach the page.
 * Charts live in this lib, which builds on @app/bench: the registry there cannot import them.
 */
export const SECTION_CHARTS: Partial<Record<SectionId, SectionCharts>> = {
  article: bench(articleChart),
  network: bench(networkChart),
  runtimes: bench(runtimeRatioChart),
  connect: bench(connectCharts),
  batching: bench(batchingCharts),
  shapes: bench((runs, b) => [shapeRatioChart(runs, b), serializerRatioChart(runs, b)]),
  phases: bench(phaseCharts),
  load: load(loadCharts),
};
