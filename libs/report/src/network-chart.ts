import { networkTable } from '@app/printers';
import { MIN_RUNS_FOR_VERDICT, type BenchRun } from '@app/bench';
import { networkVerdicts, type SavedRun } from '@app/explain';
import type { BarChartSpec } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';

/**
 * The network preset's answer: gRPC/JSON per case (and pair of variants) under each profile, one bar per profile,
 * with the same table and sentences as summary.md. Null when no run measured a case under two or more profiles.
 */
export function networkChart(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec | null {
  const measured = benchRuns
    .map((b) => ({ ...b, verdicts: networkVerdicts(b.run) }))
    .filter((b) => b.verdicts !== null);
  if (measured.length === 0) return null;
  const categoryOf = (caseName: string, pair: string) => `${caseName} · ${pair}`;
  const categories = [...new Set(measured.flatMap((m) => m.verdicts!.rows.map((r) => categoryOf(r.caseName, r.pair))))];
  const datasets = measured.flatMap(({ runIndex, verdicts }) => {
    const profiles = [...new Set(verdicts!.rows.map((r) => r.profile))];
    return profiles.map((profile) => ({
      label: seriesLabel(runs, runIndex, profile),
      colorKey: profile,
      runIndex,
      values: categories.map(
        (c) => verdicts!.rows.find((r) => r.profile === profile && categoryOf(r.caseName, r.pair) === c)?.ratio ?? null,
      ),
    }));
  });
  const tables = measured.map(({ run, verdicts }) => ({ run, table: networkTable(verdicts!) }));
  const head = tables[0].table.head;
  return {
    kind: 'bar',
    id: 'network-ratio',
    title: 'gRPC/JSON under each network profile',
    caption:
      'Median gRPC time over median JSON time for each case under each network profile: above 1, gRPC took longer. ' +
      `A verdict flips only where a ratio's 95% interval lies on the other side of 1, and none is drawn from ` +
      `fewer than ${MIN_RUNS_FOR_VERDICT} runs a side (the table says which).`,
    x: { title: 'case · variants compared', log: false },
    y: { title: 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)', log: false },
    categories,
    datasets,
    table: {
      head: [...(runs.length > 1 ? ['run'] : []), ...head],
      numeric: [...(runs.length > 1 ? [false] : []), ...tables[0].table.align.map((a) => a === 'right')],
      rows: tables.flatMap(({ run, table }) =>
        table.rows.map((row) => [...(runs.length > 1 ? [runName(run)] : []), ...row]),
      ),
    },
    notes: measured.flatMap(({ verdicts }) => verdicts!.sentences),
  };
}
