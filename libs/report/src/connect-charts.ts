import { type BenchRun } from '@app/bench';
import {
  CONNECT_COMPARED_WITH,
  connectPlacements,
  type ConnectPlacement,
  type ConnectVersus,
  type SavedRun,
} from '@app/explain';
import type { BarChartSpec, BarDatasetSpec } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';
import { RATIO_CAPTION_END, ratioCiText, ratioInterval, two } from './ratio-bars';

type Against = (typeof CONNECT_COMPARED_WITH)[number];

const rowsWords = (p: ConnectPlacement) =>
  p.mode === 'single'
    ? `${p.rowsPerRequest.toLocaleString('en-US')} row${p.rowsPerRequest === 1 ? '' : 's'}`
    : `${p.requests.toLocaleString('en-US')} × ${p.rowsPerRequest.toLocaleString('en-US')}`;
const categoryOf = (p: ConnectPlacement) => `${p.caseName} · ${rowsWords(p)}`;
const versusOf = (p: ConnectPlacement, against: Against): ConnectVersus | null =>
  against === 'json' ? p.vsJson : p.vsGrpc;

/**
 * The Connect variant's side, as the summary's table says it (connect-table.ts): its ratio is the variant's time over
 * the other's.
 */
function verdict(v: ConnectVersus): string {
  if (v.tooFewRuns) return 'too few runs';
  if (v.ratioCi && v.ratioCi.high < 1) return 'faster';
  if (v.ratioCi && v.ratioCi.low > 1) return 'slower';
  return 'not told apart';
}

/**
 * One Connect variant's ratio to `against` per case: a bar per connect variant (its colour the variant's, as on every
 * chart), with its 95% interval. Null when no case has `against` beside a connect variant.
 */
function connectChart(
  runs: readonly SavedRun[],
  measured: { run: BenchRun; runIndex: number; rows: ConnectPlacement[] }[],
  against: Against,
  notes: string[],
): BarChartSpec | null {
  const placed = measured
    .map((m) => ({ ...m, rows: m.rows.filter((p) => versusOf(p, against) !== null) }))
    .filter((m) => m.rows.length > 0);
  if (placed.length === 0) return null;
  const categories = [...new Set(placed.flatMap((m) => m.rows.map(categoryOf)))];
  const datasets: BarDatasetSpec[] = placed.flatMap(({ runIndex, rows }) =>
    [...new Set(rows.map((p) => p.variant))].map((variant) => {
      const at = (category: string) => {
        const p = rows.find((r) => r.variant === variant && categoryOf(r) === category);
        return p ? versusOf(p, against)! : undefined;
      };
      return {
        label: seriesLabel(runs, runIndex, `${variant} / ${against}`),
        colorKey: variant,
        runIndex,
        values: categories.map((c) => at(c)?.medianRatio ?? null),
        intervals: categories.map((c) => ratioInterval(at(c))),
      };
    }),
  );
  const many = runs.length > 1;
  return {
    kind: 'bar',
    id: `connect-vs-${against}`,
    title: `Connect against ${against}`,
    caption:
      `Each Connect variant's median time over ` +
      `${against}'s in the same case: above 1, the Connect variant took longer.` +
      RATIO_CAPTION_END,
    x: { title: 'case · rows per request', log: false },
    y: { title: `Connect variant / ${against} median time ratio (×, above 1 = Connect slower)`, log: false },
    categories,
    datasets,
    table: {
      head: [...(many ? ['run'] : []), 'case', 'variant', `/ ${against}`, '95% CI', 'verdict'],
      numeric: [...(many ? [false] : []), false, false, true, false, false],
      rows: placed.flatMap(({ run, rows }) =>
        rows.map((p) => {
          const v = versusOf(p, against)!;
          return [
            ...(many ? [runName(run)] : []),
            categoryOf(p),
            p.variant,
            two(v.medianRatio),
            ratioCiText(v),
            verdict(v),
          ];
        }),
      ),
    },
    notes,
  };
}

/**
 * Connect against grpc (what it replaces: the same .proto service), then against json, and the summary's sentences
 * beneath the last. Empty unless a run has a connect variant beside json or grpc (connectPlacements).
 */
export function connectCharts(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec[] {
  const measured = benchRuns
    .map((b) => ({ ...b, placements: connectPlacements(b.run) }))
    .filter((b) => b.placements !== null);
  const withRows = measured.map((m) => ({ run: m.run, runIndex: m.runIndex, rows: m.placements!.rows }));
  const sentences = measured.flatMap((m) => m.placements!.sentences);
  const charts = (['grpc', 'json'] as const)
    .map((against) => connectChart(runs, withRows, against, []))
    .filter((c): c is BarChartSpec => c !== null);
  return charts.map((chart, i) => (i === charts.length - 1 ? { ...chart, notes: sentences } : chart));
}
