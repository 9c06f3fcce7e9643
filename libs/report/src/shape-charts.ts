import { type BenchRun } from '@app/bench';
import { explainRun, type CaseExplanation, type SavedRun } from '@app/explain';
import type { BarChartSpec, BarDatasetSpec } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';
import { RATIO_AXIS_TITLE, RATIO_CAPTION_END, ratioCiText, ratioInterval, ratioVerdict, two } from './ratio-bars';

const rows = (c: CaseExplanation) => c.rowsPerRequest.toLocaleString('en-US');

/**
 * gRPC/JSON per shape: one bar per case of each shape (grpc over json, medians), with its interval. Only for a run
 * with more than one shape; null otherwise.
 */
export function shapeRatioChart(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec | null {
  const measured = benchRuns.map((b) => ({
    ...b,
    cases: explainRun(b.run).cases.filter((c) => c.shape !== null && c.grpcVsJson),
  }));
  const withShapes = measured.filter((m) => new Set(m.cases.map((c) => c.shape)).size > 1);
  if (withShapes.length === 0) return null;
  const categoryOf = (c: CaseExplanation) => `${c.shape} · ${rows(c)} rows`;
  const categories = [...new Set(withShapes.flatMap((m) => m.cases.map(categoryOf)))];
  const datasets: BarDatasetSpec[] = withShapes.map(({ runIndex, cases }) => {
    const at = (category: string) => cases.find((c) => categoryOf(c) === category)?.grpcVsJson ?? undefined;
    return {
      label: seriesLabel(runs, runIndex, 'grpc / json'),
      colorKey: 'grpc',
      runIndex,
      values: categories.map((category) => at(category)?.medianRatio ?? null),
      intervals: categories.map((category) => ratioInterval(at(category))),
    };
  });
  const many = runs.length > 1;
  return {
    kind: 'bar',
    id: 'shape-ratio',
    title: 'gRPC/JSON per shape',
    caption:
      'Median gRPC time over median JSON time for each message shape and size: above 1, gRPC took longer.' +
      RATIO_CAPTION_END,
    x: { title: 'shape · rows per request', log: false },
    y: { title: RATIO_AXIS_TITLE, log: false },
    categories,
    datasets,
    table: {
      head: [...(many ? ['run'] : []), 'shape', 'rows', 'gRPC/JSON', '95% CI', 'verdict'],
      numeric: [...(many ? [false] : []), false, true, true, false, false],
      rows: withShapes.flatMap(({ run, cases }) =>
        cases.map((c) => [
          ...(many ? [runName(run)] : []),
          c.shape!,
          rows(c),
          two(c.grpcVsJson!.medianRatio),
          ratioCiText(c.grpcVsJson!),
          ratioVerdict(c.grpcVsJson!),
        ]),
      ),
    },
    notes: [],
  };
}

/**
 * gRPC/JSON per serializer: per case, a bar for each gRPC serializer (the variant over json), with its interval.
 * Only for a run with a serializer variant beside its baseline; null otherwise.
 */
export function serializerRatioChart(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec | null {
  const measured = benchRuns
    .map((b) => ({ ...b, cases: explainRun(b.run).cases.filter((c) => c.serializers.length > 1) }))
    .filter((m) => m.cases.length > 0);
  if (measured.length === 0) return null;
  const categoryOf = (c: CaseExplanation) => (c.shape ? `${c.shape} · ${rows(c)} rows` : c.scenario);
  const categories = [...new Set(measured.flatMap((m) => m.cases.map(categoryOf)))];
  const datasets: BarDatasetSpec[] = measured.flatMap(({ runIndex, cases }) => {
    const variants = [...new Set(cases.flatMap((c) => c.serializers.map((s) => s.variant)))];
    return variants.map((variant) => {
      const at = (category: string) =>
        cases.find((c) => categoryOf(c) === category)?.serializers.find((s) => s.variant === variant);
      return {
        label: seriesLabel(runs, runIndex, `${variant} / json`),
        colorKey: variant,
        runIndex,
        values: categories.map((category) => at(category)?.medianRatio ?? null),
        intervals: categories.map((category) => ratioInterval(at(category))),
      };
    });
  });
  const many = runs.length > 1;
  return {
    kind: 'bar',
    id: 'serializer-ratio',
    title: 'gRPC/JSON per serializer',
    caption:
      "Each gRPC serializer's median time over json's for the same case: where one bar is above 1 and another " +
      'below, the serializer decides, not the protocol.' +
      RATIO_CAPTION_END,
    x: { title: 'case', log: false },
    y: { title: RATIO_AXIS_TITLE, log: false },
    categories,
    datasets,
    table: {
      head: [...(many ? ['run'] : []), 'case', 'serializer', 'gRPC/JSON', '95% CI', 'verdict'],
      numeric: [...(many ? [false] : []), false, false, true, false, false],
      rows: measured.flatMap(({ run, cases }) =>
        cases.flatMap((c) =>
          c.serializers.map((s) => [
            ...(many ? [runName(run)] : []),
            categoryOf(c),
            s.variant,
            two(s.medianRatio),
            ratioCiText(s),
            ratioVerdict(s),
          ]),
        ),
      ),
    },
    notes: [],
  };
}
