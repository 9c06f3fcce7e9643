import { printMarkdown } from '@app/printers';
import { caseOnRuntime, NODE20, NODE26, runtimesRun } from '../fixtures/runtime-results';
import { explainRun } from './explain-run';
import { runtimeFactorSentences } from './runtime-factor-sentences';
import { runtimeVerdicts } from './runtime-verdicts';

// As `--preset runtimes` leaves it: an article case on json and grpc, the large case on one-factor variants too,
// every case named <case>@<runtime>. json-undici takes less time than json on Node 20 and more on Node 26.
const RUN = runtimesRun([
  ...caseOnRuntime('1-2', NODE20, { json: [40, 10], grpc: [100, 30] }, 10_000),
  ...caseOnRuntime('rows-100000', NODE20, {
    json: [500, 200],
    grpc: [1_200, 400],
    'json-undici': [300, 200],
    'grpc-sliced': [900, 300],
    'json+gzip': [800, 200],
  }),
  ...caseOnRuntime('1-2', NODE26, { json: [50, 10], grpc: [80, 30] }, 10_000),
  ...caseOnRuntime('rows-100000', NODE26, {
    json: [400, 150],
    grpc: [1_000, 350],
    'json-undici': [600, 150],
    'grpc-sliced': [700, 250],
    'json+gzip': [700, 150],
  }),
]);

describe("the runtimes preset's large case, explained on each runtime", () => {
  it("takes each runtime's case apart factor by factor, as the explain preset does a case", () => {
    const cases = explainRun(RUN).cases.filter((c) => c.scenario.startsWith('rows-100000@'));
    expect(
      cases.map((c) => [c.scenario, c.runtimeLabel, c.factors.map((f) => `${f.variant} vs ${f.against}`)]),
    ).toEqual([
      ['rows-100000@node20.20.2', 'node20.20.2', ['json-undici vs json', 'grpc-sliced vs grpc', 'json+gzip vs json']],
      ['rows-100000@node26.10.0', 'node26.10.0', ['json-undici vs json', 'grpc-sliced vs grpc', 'json+gzip vs json']],
    ]);
    expect(cases.every((c) => c.gap !== null && c.grpcVsJson !== null)).toBe(true);
  });

  it("puts both runtimes' factor rows in summary.md's why table and sentences naming the runtime", () => {
    const md = printMarkdown(RUN);
    const why = md.slice(md.indexOf('## Why'));
    expect(why).toMatch(
      new RegExp(
        String.raw`\| rows-100000@node20\.20\.2 \| one request of 100,000 rows on node20\.20\.2 \| ` +
          String.raw`json-undici vs json \| client library \| 0\.60 \|`,
      ),
    );
    expect(why).toMatch(
      new RegExp(
        String.raw`\| rows-100000@node26\.10\.0 \| one request of 100,000 rows on node26\.10\.0 \| ` +
          String.raw`json-undici vs json \| client library \| 1\.50 \|`,
      ),
    );
    expect(why).toContain("For one request of 100,000 rows on node26.10.0, gRPC took 2.50× JSON's time");
  });

  it('keeps json against grpc in the "By runtime" table, whatever other variants the case ran on', () => {
    const rows = runtimeVerdicts(RUN)!.rows.filter((r) => r.caseName === 'rows-100000');
    expect(rows.map((r) => [r.runtime, r.jsonMs, r.grpcMs, r.ratio.toFixed(2)])).toEqual([
      ['node20.20.2', 500, 1_200, '2.40'],
      ['node26.10.0', 400, 1_000, '2.50'],
    ]);
  });

  it('says how each one-factor variant did on each runtime, and where its effect changes with the runtime', () => {
    const sentences = runtimeVerdicts(RUN)!.sentences;
    const undici = sentences.find((s) => s.startsWith('rows-100000, json-undici against json'))!;
    expect(undici).toMatch(
      new RegExp(
        String.raw`^rows-100000, json-undici against json \(client library\): 0\.60× \(95% CI ` +
          String.raw`[\d.–]+\) on Node 20\.20\.2, 1\.50× \(95% CI [\d.–]+\) on Node 26\.10\.0\.`,
      ),
    );
    expect(undici).toContain('Its effect changes with the runtime: faster on Node 20.20.2, slower on Node 26.10.0.');
    const sliced = sentences.find((s) => s.startsWith('rows-100000, grpc-sliced against grpc'))!;
    expect(sliced).not.toContain('changes with the runtime');
    expect(sliced).not.toContain('No verdict');
    // The article's case ran on json and grpc only: no factor to follow across runtimes.
    expect(sentences.some((s) => s.startsWith('1-2, '))).toBe(false);
    // A factor measured on one runtime only says nothing of the axis.
    const oneRuntime = explainRun(RUN).cases.filter((c) => c.runtimeLabel === 'node20.20.2');
    expect(runtimeFactorSentences(oneRuntime, runtimeVerdicts(RUN)!.runtimes)).toEqual([]);
  });

  it('names no verdict where a runtime had too few runs, however narrow its interval', () => {
    const oneRun = (results: ReturnType<typeof caseOnRuntime>) =>
      results.map((r) => ({ ...r, runs: r.runs.slice(0, 1), stats: { ...r.stats, n: 1 } }));
    const few = runtimesRun([
      ...oneRun(
        caseOnRuntime('rows-100000', NODE20, { json: [500, 200], grpc: [1_200, 400], 'json-undici': [300, 200] }),
      ),
      ...caseOnRuntime('rows-100000', NODE26, { json: [400, 150], grpc: [1_000, 350], 'json-undici': [600, 150] }),
    ]);
    const undici = runtimeVerdicts(few)!.sentences.find((s) => s.startsWith('rows-100000, json-undici'))!;
    expect(undici).toMatch(
      /No verdict on Node 20\.20\.2: 1 run a side cannot tell these apart; use --runs 5 or more\.$/,
    );
    expect(undici).not.toContain('changes with the runtime');
  });
});
