import { caseOnRuntime, NODE20, NODE26, runtimesRun, SAMPLE_RUN } from '@app/explain';
import { ARTICLE_REFERENCE } from './article-reference';
import { articleMatches } from './article-matches';
import { printMarkdown } from './markdown.printer';

const tableRows = (text: string, firstHead: string): string[] => {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${firstHead} |`));
  const end = lines.findIndex((l, i) => i > start && !l.startsWith('|'));
  return lines.slice(start, end === -1 ? undefined : end);
};
// The runtime table, before it on a runtime axis, also opens with "case".
const articleRows = (md: string) => tableRows(md.slice(md.indexOf('## Compared with the article')), 'case');

// The article's 1-1 and 1-2 on Node 20 and Node 26, as `--preset runtimes` names them; 1-2 also on json-undici.
const RUN = runtimesRun([
  ...caseOnRuntime('1-1', NODE20, { json: [3, 0.1], grpc: [2.7, 0.1] }, 1),
  ...caseOnRuntime('1-2', NODE20, { json: [40, 10], 'json-undici': [30, 10], grpc: [100, 30] }, 10_000),
  ...caseOnRuntime('1-1', NODE26, { json: [2, 0.1], grpc: [3, 0.1] }, 1),
  ...caseOnRuntime('1-2', NODE26, { json: [50, 10], grpc: [80, 30] }, 10_000),
]);

describe('articleMatches', () => {
  it("finds each article case once per runtime of the axis, case by case, the runtimes in the run's order", () => {
    const matches = articleMatches(RUN);
    expect(matches).toHaveLength(2 * ARTICLE_REFERENCE.length);
    expect(
      matches
        .slice(0, 4)
        .map((m) => `${m.article.name} ${m.runtime} ${m.json?.stats.medianMs} ${m.grpc?.stats.medianMs}`),
    ).toEqual(['1-1 Node 20.20.2 3 2.7', '1-1 Node 26.10.0 2 3', '1-2 Node 20.20.2 40 100', '1-2 Node 26.10.0 50 80']);
    // A case the run did not measure keeps its rows, empty, as without an axis, its runtime named as planned.
    expect(matches[4]).toMatchObject({ runtime: 'Node 20.20.2' });
    expect(matches[4].json).toBeUndefined();
    expect(
      articleMatches({ ...RUN, scenarios: [] })
        .map((m) => m.runtime)
        .slice(0, 2),
    ).toEqual(['Node 20.20.2', 'Node 26.10.0']);
  });

  it('finds each case once, under its own name, without a runtime axis', () => {
    const matches = articleMatches(SAMPLE_RUN);
    expect(matches.map((m) => m.article.name)).toEqual(ARTICLE_REFERENCE.map((c) => c.name));
    expect(matches.every((m) => m.runtime === null)).toBe(true);
    expect(matches[0].json?.name).toBe('1-1');
  });
});

describe("summary.md's article table on a runtime axis", () => {
  it('has a row per article case and runtime, the runtime named, json against grpc (not another JSON variant)', () => {
    const rows = articleRows(printMarkdown(RUN));
    expect(rows[0]).toBe(
      '| case | runtime | rows per request | requests | JSON median ms | gRPC median ms | gRPC/JSON | article ' +
        'JSON ms | article gRPC ms | article gRPC/JSON |',
    );
    expect(rows).toHaveLength(2 + 2 * ARTICLE_REFERENCE.length);
    expect(rows[2]).toMatch(
      /^\| 1-1 \| Node 20\.20\.2 \| 1 \| 1 \| 3\.00 \| 2\.70 \| [\d.]+ \| 2\.94 \| 2\.83 \| 0\.96 \|$/,
    );
    expect(rows[3]).toMatch(/^\| 1-1 \| Node 26\.10\.0 \| 1 \| 1 \| 2\.00 \| 3\.00 \|/);
    expect(rows[4]).toMatch(/^\| 1-2 \| Node 20\.20\.2 \| 10,000 \| 1 \| 40\.00 \| 100\.00 \|/);
    expect(rows[6]).toMatch(/^\| 1-3 \| Node 20\.20\.2 \| 1,000,000 \| 1 \| {2}\| {2}\| {2}\| 5,177 \|/);
  });

  it("is in the runtimes preset's summary and, with --node, in the article preset's", () => {
    expect(printMarkdown(RUN)).toContain('## Compared with the article');
    expect(articleRows(printMarkdown({ ...RUN, preset: 'article' }))[0]).toContain('| case | runtime |');
    expect(printMarkdown({ ...RUN, preset: 'quick' })).not.toContain('## Compared with the article');
  });
});
