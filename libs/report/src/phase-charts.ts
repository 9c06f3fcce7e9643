import { caseWords, explainRun, explainSentences, human, PHASES_SECTION, phaseStack, type BenchRun, type SavedRun } from '@app/bench';
import type { BarChartSpec, LeftOut } from './chart-spec.interface';
import { runName } from './run-names';
import { groupBy, variantOf } from './scenario-rows';

export const PHASE_CHART_TITLE = PHASES_SECTION.title;

const CAPTION =
  "Each bar is one variant's request, ms per request (medians over the runs), split bottom to top into the phases it lived: " +
  'the server generating, serializing (and compressing) the rows, the rest of the wait for the first byte (the trip, both frameworks, ' +
  'scheduling), the transfer from first to last byte, the client decompressing and decoding, and other: what is left (the client ' +
  "library's plumbing after the last byte, and any phase the path did not report). In a parallel case a request's time includes its queueing.";

/**
 * One stacked bar chart per case (its own scale: one row and a million rows do not share an axis), a bar per variant,
 * with the case's explain sentences beside it. A case none of whose variants reported phases is skipped; a run with no
 * phases at all is one "left out" line.
 */
export function phaseCharts(runs: readonly SavedRun[], benchRuns: readonly { run: BenchRun; runIndex: number }[]): { charts: BarChartSpec[]; leftOut: LeftOut[] } {
  const charts: BarChartSpec[] = [];
  for (const { run, runIndex } of benchRuns) {
    const explained = explainRun(run).cases;
    const cases = [...groupBy(run.scenarios.filter((r) => r.stats.n > 0), (r) => r.name).values()].filter((results) => results.some((r) => r.phases));
    cases.forEach((results, k) => {
      const first = results[0];
      const stack = phaseStack(results.map((r) => ({ label: variantOf(r), phases: r.phases })));
      const explanation = explained.find((c) => c.scenario === first.name);
      charts.push({
        kind: 'bar',
        stacked: true,
        id: `where-the-time-went-${runIndex + 1}-${k + 1}`,
        title: `${PHASE_CHART_TITLE}: ${first.name}, ${caseWords(first)}${runs.length > 1 ? ` (${runName(run)})` : ''}`,
        caption: CAPTION,
        x: { title: 'variant', log: false },
        y: { title: 'time per request (ms, median over the runs)', log: false },
        categories: stack.bars,
        datasets: stack.layers.map((layer) => ({ label: layer.name, colorKey: `phase ${layer.name}`, color: layer.color, runIndex: 0, values: layer.values })),
        table: {
          head: ['variant', 'request ms', ...stack.layers.map((l) => `${l.name} ms`)],
          numeric: [false, true, ...stack.layers.map(() => true)],
          rows: stack.bars.map((bar, i) => [bar, human(stack.requestMs[i], 2), ...stack.layers.map((l) => human(l.values[i], 2))]),
        },
        notes: stack.notes,
        beside: explanation ? explainSentences(explanation) : [],
      });
    });
  }
  const leftOut = charts.length ? [] : [{ title: PHASE_CHART_TITLE, reason: 'no scenario reported where its time went (results written before phases existed, or transports that report none)' }];
  return { charts, leftOut };
}
