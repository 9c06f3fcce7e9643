import { ARTICLE_REFERENCE, ARTICLE_SOURCE_NOTE, human, type ArticleCase, type BenchRun, type SavedRun, type ScenarioResult } from '@app/bench';
import type { BarChartSpec, LeftOut } from './chart-spec.interface';
import { runName, seriesLabel } from './run-names';

const TITLE = 'gRPC/JSON compared with the article';

const find = (run: BenchRun, c: ArticleCase, variant: string): ScenarioResult | undefined =>
  run.scenarios.find((r) => r.name === c.name && (r.variant ?? r.transport) === variant && r.stats.n > 0);

function ratio(run: BenchRun, c: ArticleCase): number | null {
  const json = find(run, c, 'json');
  const grpc = find(run, c, 'grpc');
  return json && grpc && json.stats.medianMs > 0 ? grpc.stats.medianMs / json.stats.medianMs : null;
}

// As the Markdown printer does: the article's parameters head each row, and a run made with other sizes says so.
function parameter(article: number, measured: number | undefined): string {
  return measured === undefined || measured === article ? human(article) : `${human(article)} (ran ${human(measured)})`;
}

const articleMs = (ms: number) => ms.toLocaleString('en-US', { maximumFractionDigits: 2 });

function row(run: BenchRun, c: ArticleCase, runs: readonly SavedRun[]): string[] {
  const json = find(run, c, 'json');
  const grpc = find(run, c, 'grpc');
  const measured = json ?? grpc;
  return [
    ...(runs.length > 1 ? [runName(run)] : []),
    c.name,
    parameter(c.rowsPerRequest, measured?.rowsPerRequest),
    parameter(c.requests, measured?.requests) + (c.mode === 'parallel' ? ' parallel' : ''),
    human(json?.stats.medianMs, 2),
    human(grpc?.stats.medianMs, 2),
    human(ratio(run, c), 2),
    articleMs(c.jsonMs),
    articleMs(c.grpcMs),
    human(c.grpcMs / c.jsonMs, 2),
  ];
}

/**
 * The article's table beside this machine's (as summary.md has it) and a bar of gRPC/JSON per case for each: drawn
 * when some run measured an article case on both json and grpc.
 */
export function articleChart(runs: readonly SavedRun[], benchRuns: readonly { run: BenchRun; runIndex: number }[]): BarChartSpec | LeftOut {
  const withCases = benchRuns.filter(({ run }) => ARTICLE_REFERENCE.some((c) => ratio(run, c) !== null));
  if (withCases.length === 0) return { title: TITLE, reason: 'none of the article\'s cases ran on both json and grpc in this run (the article preset runs them all)' };
  const cases = ARTICLE_REFERENCE.filter((c) => withCases.some(({ run }) => find(run, c, 'json') || find(run, c, 'grpc')));
  const datasets = [
    ...withCases.map(({ run, runIndex }) => ({
      label: seriesLabel(runs, runIndex, 'this machine'),
      colorKey: 'this machine',
      runIndex,
      values: cases.map((c) => ratio(run, c)),
    })),
    { label: 'article (2022 laptop)', colorKey: 'article', runIndex: 0, values: cases.map((c) => c.grpcMs / c.jsonMs) },
  ];
  return {
    kind: 'bar',
    id: 'article-ratio',
    title: TITLE,
    caption: 'Median gRPC time over median JSON time for each of the article\'s cases: above 1 means gRPC took longer. Compare the ratios, not the milliseconds: the machines differ.',
    x: { title: 'article case', log: false },
    y: { title: 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)', log: false },
    categories: cases.map((c) => c.name),
    datasets,
    table: {
      head: [...(runs.length > 1 ? ['run'] : []), 'case', 'rows per request', 'requests', 'JSON median ms', 'gRPC median ms', 'gRPC/JSON', 'article JSON ms', 'article gRPC ms', 'article gRPC/JSON'],
      numeric: [...(runs.length > 1 ? [false] : []), false, true, true, true, true, true, true, true, true],
      rows: withCases.flatMap(({ run }) => cases.map((c) => row(run, c, runs))),
    },
    notes: [`Article figures: ${ARTICLE_SOURCE_NOTE}. This run's figures are medians on this machine.`],
  };
}
