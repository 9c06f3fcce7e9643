import { type BenchRun } from '@app/bench';
import { runtimeVerdicts, type RuntimeVerdictRow, type SavedRun } from '@app/explain';
import type { BarChartSpec, BarDatasetSpec } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';
import { RATIO_AXIS_TITLE, RATIO_CAPTION_END, ratioCiText, ratioInterval, ratioVerdict, two } from './ratio-bars';

const rowsWords = (r: RuntimeVerdictRow) =>
  r.mode === 'single'
    ? `${r.rowsPerRequest.toLocaleString('en-US')} row${r.rowsPerRequest === 1 ? '' : 's'}`
    : `${r.requests.toLocaleString('en-US')} × ${r.rowsPerRequest.toLocaleString('en-US')}`;
const categoryOf = (r: RuntimeVerdictRow) => `${r.caseName} · ${rowsWords(r)}`;
const asRatio = (r: RuntimeVerdictRow) => ({ ratioCi: r.ratioCi, tooFewRuns: r.verdict === 'too few runs' });

/**
 * gRPC/JSON by runtime: per case, one bar per runtime (grpc over json, medians) with its 95% interval, and the
 * sentences of summary.md's "By runtime" beneath. Only for a run with results on more than one runtime; null otherwise.
 */
export function runtimeRatioChart(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec | null {
  const measured = benchRuns
    .map((b) => ({ ...b, verdicts: runtimeVerdicts(b.run) }))
    .filter((b) => b.verdicts !== null);
  if (measured.length === 0) return null;
  const categories = [...new Set(measured.flatMap((m) => m.verdicts!.rows.map(categoryOf)))];
  const datasets: BarDatasetSpec[] = measured.flatMap(({ runIndex, verdicts }) =>
    verdicts!.runtimes.map(({ label, words }) => {
      const at = (category: string) => verdicts!.rows.find((r) => r.runtime === label && categoryOf(r) === category);
      return {
        label: seriesLabel(runs, runIndex, words),
        // A runtime keeps its colour across the runs overlaid.
        colorKey: label,
        runIndex,
        values: categories.map((c) => at(c)?.ratio ?? null),
        intervals: categories.map((c) => ratioInterval(at(c))),
      };
    }),
  );
  const many = runs.length > 1;
  return {
    kind: 'bar',
    id: 'runtime-ratio',
    title: 'gRPC/JSON by runtime',
    caption:
      'Median gRPC time over median JSON time for each case on each Node runtime (servers and client on it): ' +
      'above 1, gRPC took longer.' +
      RATIO_CAPTION_END,
    x: { title: 'case · rows per request', log: false },
    y: { title: RATIO_AXIS_TITLE, log: false },
    categories,
    datasets,
    table: {
      head: [...(many ? ['run'] : []), 'case', 'runtime', 'gRPC/JSON', '95% CI', 'verdict'],
      numeric: [...(many ? [false] : []), false, false, true, false, false],
      rows: measured.flatMap(({ run, verdicts }) =>
        verdicts!.rows.map((r) => [
          ...(many ? [runName(run)] : []),
          categoryOf(r),
          r.runtimeWords,
          two(r.ratio),
          ratioCiText(r),
          ratioVerdict(asRatio(r)),
        ]),
      ),
    },
    notes: measured.flatMap(({ verdicts }) => verdicts!.sentences),
  };
}
