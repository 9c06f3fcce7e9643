import { BATCHING_NOTE, BATCHING_TITLE, batchingGroups, human, type BatchingGroup } from '@app/printers';
import { type BenchRun } from '@app/bench';
import { type SavedRun } from '@app/explain';
import type { LineChartSpec } from './chart-spec.interface';
import { crossoverNotes } from './crossover-notes';
import { findCrossings, supported } from './crossovers';
import { runName, seriesLabel } from './run-names';
import { groupBy, measuredScenarios, variantOf } from './scenario-rows';
import { apartByRuns } from './told-apart-at';

function groupChart(
  runs: readonly SavedRun[],
  run: BenchRun,
  runIndex: number,
  group: BatchingGroup,
  many: boolean,
  k: number,
): LineChartSpec[] {
  const scenarios = measuredScenarios([{ run, runIndex }]).filter((s) => group.names.includes(s.result.name));
  const lines = [...groupBy(scenarios, (s) => variantOf(s.result)).values()]
    .map((line) => [...line].sort((a, b) => a.result.requests - b.result.requests))
    .filter((line) => line.length > 1);
  const series = lines.map((line) => ({
    label: seriesLabel(runs, runIndex, variantOf(line[0].result)),
    colorKey: variantOf(line[0].result),
    runIndex,
    points: line.map((s) => ({
      x: s.result.requests,
      y: s.result.stats.medianMs,
      p90: s.result.stats.p90Ms,
      p99: s.result.stats.p99Ms,
      note: s.result.name,
    })),
  }));
  if (series.length === 0) return [];
  const crossings = findCrossings(
    series,
    apartByRuns(lines, (s) => s.result.requests),
  );
  const rows = `${human(group.totalRows)} rows${many ? ` of \`${group.shape}\`` : ''}`;
  return [
    {
      kind: 'line',
      id: `many-vs-one-${runIndex + 1}${many ? `-${k + 1}` : ''}`,
      title: `${BATCHING_TITLE}: ${rows}${runs.length > 1 ? ` (${runName(run)})` : ''}`,
      caption:
        `The same ${rows} fetched in one call, then split into more and smaller calls, all in flight at once: ` +
        `the time for all of them against the number of calls. ` +
        'Shaded bands reach the p90 and p99 run times; ✕ marks where one line overtakes another and the runs ' +
        'either side tell the two apart.',
      x: { title: 'calls the rows are split into (log)', log: true },
      y: { title: 'median time per run (ms, log)', log: true },
      series,
      bands: true,
      crossovers: supported(crossings),
      table: { head: group.table.head, numeric: group.table.align.map((a) => a === 'right'), rows: group.table.rows },
      notes: [BATCHING_NOTE, ...crossoverNotes(crossings, series.length, 'calls')],
    },
  ];
}

/**
 * The batching preset's answer, one chart per run and shape whose cases split one total of rows into ever more
 * calls: median time per run against the number of calls, a line per variant, with summary.md's many-vs-one table
 * beneath. None for a run whose cases do not (batchingGroups decides, as it does for every output).
 */
export function batchingCharts(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): LineChartSpec[] {
  return benchRuns.flatMap(({ run, runIndex }) => {
    const groups = batchingGroups(run);
    return groups.flatMap((group, k) => groupChart(runs, run, runIndex, group, groups.length > 1, k));
  });
}
