import { BATCHING_NOTE, batchingTable, human, type BenchRun, type SavedRun } from '@app/bench';
import type { LineChartSpec } from './chart-spec.interface';
import { crossoverNotes } from './crossover-notes';
import { findCrossings, supported } from './crossovers';
import { runName, seriesLabel } from './run-names';
import { groupBy, measuredScenarios, variantOf } from './scenario-rows';
import { apartByRuns } from './told-apart-at';

export const BATCHING_TITLE = 'Many small calls or one large one';

/**
 * The batching preset's answer, one chart per run whose cases split one total of rows into ever more calls: median
 * time per run against the number of calls, a line per variant, with summary.md's many-vs-one table beneath.
 * None for a run whose cases do not (batchingTable decides, as it does for summary.md).
 */
export function batchingCharts(runs: readonly SavedRun[], benchRuns: readonly { run: BenchRun; runIndex: number }[]): LineChartSpec[] {
  return benchRuns.flatMap(({ run, runIndex }) => {
    const table = batchingTable(run);
    if (!table) return [];
    const scenarios = measuredScenarios([{ run, runIndex }]);
    const lines = [...groupBy(scenarios, (s) => variantOf(s.result)).values()]
      .map((line) => [...line].sort((a, b) => a.result.requests - b.result.requests))
      .filter((line) => line.length > 1);
    const series = lines.map((line) => ({
      label: seriesLabel(runs, runIndex, variantOf(line[0].result)),
      colorKey: variantOf(line[0].result),
      runIndex,
      points: line.map((s) => ({ x: s.result.requests, y: s.result.stats.medianMs, p90: s.result.stats.p90Ms, p99: s.result.stats.p99Ms, note: s.result.name })),
    }));
    if (series.length === 0) return [];
    const crossings = findCrossings(series, apartByRuns(lines, (s) => s.result.requests));
    const total = run.scenarios[0].rowsPerRequest * run.scenarios[0].requests;
    return [
      {
        kind: 'line' as const,
        id: `many-vs-one-${runIndex + 1}`,
        title: `${BATCHING_TITLE}: ${human(total)} rows${runs.length > 1 ? ` (${runName(run)})` : ''}`,
        caption:
          `The same ${human(total)} rows fetched in one call, then split into more and smaller calls, all in flight at once: the time for all of them against the number of calls. ` +
          'Shaded bands reach the p90 and p99 run times; ✕ marks where one line overtakes another and the runs either side tell the two apart.',
        x: { title: 'calls the rows are split into (log)', log: true },
        y: { title: 'median time per run (ms, log)', log: true },
        series,
        bands: true,
        crossovers: supported(crossings),
        table: { head: table.head, numeric: table.align.map((a) => a === 'right'), rows: table.rows },
        notes: [BATCHING_NOTE, ...crossoverNotes(crossings, series.length, 'calls')],
      },
    ];
  });
}
