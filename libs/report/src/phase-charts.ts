import { human, PHASES_SECTION } from '@app/printers';
import { phaseStack, scenarioWallParts, type BenchRun } from '@app/bench';
import { caseWords, explainRun, explainSentences, type SavedRun } from '@app/explain';
import type { BarChartSpec, LeftOut } from './chart-spec.interface';
import { runName } from './run-names';
import { groupBy, variantOf } from './scenario-rows';

export const PHASE_CHART_TITLE = PHASES_SECTION.title;

const CAPTION =
  "Each bar is one variant's median run (the mean of the two middle runs for an even count), the time its " +
  'verdict compares: ' +
  "a request's time, or a parallel batch's wall time. It is cut bottom to top into the parts its last request " +
  'to finish lived, ' +
  "each moment in one part, so the bar is exactly as tall as that time: the wait to be sent behind the batch's " +
  'other requests (queue), ' +
  'the server generating, serializing (and compressing) the rows, the rest of the wait for the first byte ' +
  '(the trip, both frameworks, ' +
  'scheduling), the transfer from first to last byte, the client decompressing and decoding, other (the client ' +
  "library's plumbing " +
  'after the last byte), and what no reported phase covers (unattributed). A stream builds, sends and decodes ' +
  'at once: its work ' +
  'during the transfer is inside transfer, and the notes give it.';

/**
 * One stacked bar chart per case (its own scale: one row and a million rows do not share an axis), a bar per variant,
 * with the case's explain sentences beside it. A case none of whose variants reported phases is skipped; a run with no
 * phases at all is one "left out" line.
 */
export function phaseCharts(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): { charts: BarChartSpec[]; leftOut: LeftOut[] } {
  const charts: BarChartSpec[] = [];
  for (const { run, runIndex } of benchRuns) {
    const explained = explainRun(run).cases;
    const cases = [
      ...groupBy(
        run.scenarios.filter((r) => r.stats.n > 0),
        (r) => r.name,
      ).values(),
    ].filter((results) => results.some((r) => scenarioWallParts(r)));
    cases.forEach((results, k) => {
      const first = results[0];
      const stack = phaseStack(results.map((r) => ({ label: variantOf(r), parts: scenarioWallParts(r) })));
      const explanation = explained.find((c) => c.scenario === first.name);
      charts.push({
        kind: 'bar',
        stacked: true,
        id: `where-the-time-went-${runIndex + 1}-${k + 1}`,
        title: `${PHASE_CHART_TITLE}: ${first.name}, ${caseWords(first)}${runs.length > 1 ? ` (${runName(run)})` : ''}`,
        caption: CAPTION,
        x: { title: 'variant', log: false },
        y: { title: 'ms, median run', log: false },
        categories: stack.bars,
        datasets: stack.layers.map((layer) => ({
          label: layer.name,
          colorKey: `phase ${layer.name}`,
          color: layer.color,
          runIndex: 0,
          values: layer.values,
        })),
        table: {
          head: ['variant', 'median ms', ...stack.layers.map((l) => `${l.name} ms`), 'overlap ms'],
          numeric: [false, true, ...stack.layers.map(() => true), true],
          rows: stack.bars.map((bar, i) => [
            bar,
            human(stack.totalMs[i], 2),
            ...stack.layers.map((l) => human(l.values[i], 2)),
            human(stack.overlapMs[i], 2),
          ]),
        },
        notes: stack.notes,
        beside: explanation ? explainSentences(explanation) : [],
      });
    });
  }
  const leftOut = charts.length
    ? []
    : [
        {
          title: PHASE_CHART_TITLE,
          reason:
            'no scenario reported where its time went (results written before phases existed, or transports ' +
            'that report none)',
        },
      ];
  return { charts, leftOut };
}
