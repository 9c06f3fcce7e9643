import type { BenchRun } from '@app/bench';
import { compareResults } from '@app/bench';
import { articleMatches, type ArticleMatch } from './article-matches';
import { human } from './table-columns';
import type { PlainTable } from './why-tables';

// The article's parameters head each row; a run made with other sizes says so rather than being compared silently.
function parameter(article: number, measured: number | undefined): string {
  return measured === undefined || measured === article ? human(article) : `${human(article)} (ran ${human(measured)})`;
}

const articleMs = (ms: number) => ms.toLocaleString('en-US', { maximumFractionDigits: 2 });

function articleRow({ article: c, runtime, json, grpc }: ArticleMatch, withRuntime: boolean): string[] {
  const measured = json ?? grpc;
  const requests = parameter(c.requests, measured?.requests) + (c.mode === 'parallel' ? ' parallel' : '');
  return [
    c.name,
    ...(withRuntime ? [runtime ?? ''] : []),
    parameter(c.rowsPerRequest, measured?.rowsPerRequest),
    requests,
    human(json?.stats.medianMs, 2),
    human(grpc?.stats.medianMs, 2),
    json && grpc ? human(compareResults(json, grpc).ratio.medianGrpcOverJson, 2) : '',
    articleMs(c.jsonMs),
    articleMs(c.grpcMs),
    human(c.grpcMs / c.jsonMs, 2),
  ];
}

/**
 * The article's table beside this run's: a row per case, or per case and runtime on a runtime axis (the runtime named).
 */
export function articleTable(run: BenchRun): PlainTable {
  const matches = articleMatches(run);
  const withRuntime = matches.some((m) => m.runtime !== null);
  return {
    head: [
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
    align: ['left', ...(withRuntime ? ['left' as const] : []), ...Array<'right'>(8).fill('right')],
    rows: matches.map((m) => articleRow(m, withRuntime)),
    key: withRuntime ? [0, 1] : [0],
  };
}
