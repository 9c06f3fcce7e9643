import {
  ARTICLE_REFERENCE,
  ARTICLE_SOURCE_NOTE,
  articleMatches,
  human,
  type ArticleCase,
  type ArticleMatch,
} from '@app/printers';
import { type BenchRun } from '@app/bench';
import { type SavedRun } from '@app/explain';
import type { BarChartSpec, LeftOut } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';

const TITLE = 'gRPC/JSON compared with the article';

/** A case's json and grpc results as the chart uses them: measured ones only (an interrupted case has n = 0). */
const measured = (m: ArticleMatch): ArticleMatch => ({
  ...m,
  json: m.json?.stats.n ? m.json : undefined,
  grpc: m.grpc?.stats.n ? m.grpc : undefined,
});

function ratio({ json, grpc }: ArticleMatch): number | null {
  return json && grpc && json.stats.medianMs > 0 ? grpc.stats.medianMs / json.stats.medianMs : null;
}

// As the Markdown printer does: the article's parameters head each row, and a run made with other sizes says so.
function parameter(article: number, measuredValue: number | undefined): string {
  return measuredValue === undefined || measuredValue === article
    ? human(article)
    : `${human(article)} (ran ${human(measuredValue)})`;
}

const articleMs = (ms: number) => ms.toLocaleString('en-US', { maximumFractionDigits: 2 });

function row(run: BenchRun, m: ArticleMatch, runs: readonly SavedRun[], withRuntime: boolean): string[] {
  const c = m.article;
  const result = m.json ?? m.grpc;
  return [
    ...(runs.length > 1 ? [runName(run)] : []),
    c.name,
    ...(withRuntime ? [m.runtime ?? ''] : []),
    parameter(c.rowsPerRequest, result?.rowsPerRequest),
    parameter(c.requests, result?.requests) + (c.mode === 'parallel' ? ' parallel' : ''),
    human(m.json?.stats.medianMs, 2),
    human(m.grpc?.stats.medianMs, 2),
    human(ratio(m), 2),
    articleMs(c.jsonMs),
    articleMs(c.grpcMs),
    human(c.grpcMs / c.jsonMs, 2),
  ];
}

/** A run's matches by runtime (one group, runtime null, without an axis), in the run's order. */
function byRuntime(matches: ArticleMatch[]): [string | null, ArticleMatch[]][] {
  const runtimes = [...new Set(matches.map((m) => m.runtime))];
  return runtimes.map((runtime) => [runtime, matches.filter((m) => m.runtime === runtime)]);
}

/**
 * The article's table beside this machine's (as summary.md has it) and a bar of gRPC/JSON per case for each: drawn
 * when some run measured an article case on both json and grpc. On a runtime axis (`--node`, the runtimes preset) a
 * bar and a row per runtime, the runtime named.
 */
export function articleChart(
  runs: readonly SavedRun[],
  benchRuns: readonly { run: BenchRun; runIndex: number }[],
): BarChartSpec | LeftOut {
  const all = benchRuns.map((b) => ({ ...b, matches: articleMatches(b.run).map(measured) }));
  const withCases = all.filter(({ matches }) => matches.some((m) => ratio(m) !== null));
  if (withCases.length === 0)
    return {
      title: TITLE,
      reason: "none of the article's cases ran on both json and grpc in this run (the article preset runs them all)",
    };
  const cases: ArticleCase[] = ARTICLE_REFERENCE.filter((c) =>
    withCases.some(({ matches }) => matches.some((m) => m.article === c && (m.json || m.grpc))),
  );
  const withRuntime = withCases.some(({ matches }) => matches.some((m) => m.runtime !== null));
  const datasets = [
    ...withCases.flatMap(({ runIndex, matches }) =>
      byRuntime(matches).map(([runtime, ofRuntime]) => ({
        label: seriesLabel(runs, runIndex, runtime === null ? 'this machine' : `this machine, ${runtime}`),
        colorKey: runtime ?? 'this machine',
        runIndex,
        values: cases.map((c) => {
          const m = ofRuntime.find((o) => o.article === c);
          return m ? ratio(m) : null;
        }),
      })),
    ),
    { label: 'article (2022 laptop)', colorKey: 'article', runIndex: 0, values: cases.map((c) => c.grpcMs / c.jsonMs) },
  ];
  return {
    kind: 'bar',
    id: 'article-ratio',
    title: TITLE,
    caption:
      "Median gRPC time over median JSON time for each of the article's cases: above 1 means gRPC took longer. " +
      'Compare the ratios, not the milliseconds: the machines differ.',
    x: { title: 'article case', log: false },
    y: { title: 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)', log: false },
    categories: cases.map((c) => c.name),
    datasets,
    table: {
      head: [
        ...(runs.length > 1 ? ['run'] : []),
        'case',
        ...(withRuntime ? ['runtime'] : []),
        'rows per request',
        'requests',
        'JSON median ms',
        'gRPC median ms',
        'gRPC/JSON',
        'article JSON ms',
        'article gRPC ms',
        'article gRPC/JSON',
      ],
      numeric: [
        ...(runs.length > 1 ? [false] : []),
        false,
        ...(withRuntime ? [false] : []),
        true,
        true,
        true,
        true,
        true,
        true,
        true,
        true,
      ],
      rows: withCases.flatMap(({ run, matches }) =>
        matches.filter((m) => cases.includes(m.article)).map((m) => row(run, m, runs, withRuntime)),
      ),
    },
    notes: [`Article figures: ${ARTICLE_SOURCE_NOTE}. This run's figures are medians on this machine.`],
  };
}
