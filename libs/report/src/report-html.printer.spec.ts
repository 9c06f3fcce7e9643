import { chartLibrarySource } from './chart-library';
import { escapeHtml, jsonForScript } from './escape-html';
import { BATCHING_CASES, benchRun, EXPLAIN_CASES, loadRun, QUICK_CASES } from './fixtures/report-runs';
import { printReportHtml } from './report-html.printer';

describe('printReportHtml', () => {
  it('inlines Chart.js, the data and the drawing script, and allows no request', () => {
    const html = printReportHtml([benchRun({ runs: 3 })]);
    expect(html).toContain(chartLibrarySource());
    expect(html).toContain('<script type="application/json" id="report-data">');
    expect(html).toContain("default-src 'none'");
    expect(html).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    for (const id of ['time-vs-rows', 'article-ratio', 'wire-bytes'])
      expect(html).toContain(`<canvas id="chart-${id}"`);
  });

  it('escapes user text in the page and in the embedded JSON', () => {
    const evil = '</script><script>alert(1)</script> & "quotes"';
    const html = printReportHtml([
      benchRun({
        runs: 3,
        label: evil,
        scenarios: benchRun({ runs: 3 }).scenarios.map((r) => ({ ...r, name: r.name === '1-1' ? evil : r.name })),
      }),
    ]);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain(escapeHtml(evil));
    const data = /<script type="application\/json" id="report-data">([^]*?)<\/script>/.exec(html)![1];
    expect(data).not.toContain('<');
    expect(JSON.stringify(JSON.parse(data))).toContain(JSON.stringify(evil).slice(1, -1));
    // Exactly the three script elements the printer writes: nothing from the label or the names opened another.
    expect(html.match(/<script[\s>]/g)).toHaveLength(3);
  });

  it(
    'heads the report with a table of what was run, the label escaped in its cell, the raw options folded ' + 'away',
    () => {
      const run = benchRun({ runs: 3, cases: EXPLAIN_CASES });
      const html = printReportHtml([run]);
      const header = /<table class="run-header">([^]*?)<\/table>/.exec(html)![1];
      expect(header).toContain(`<tr><th scope="row">label</th><td>${escapeHtml(run.label!)}</td></tr>`);
      expect(header).toContain(
        '<tr><th scope="row">cases</th><td>2: 1-2 (one request of 10,000 rows), 1-3 (one request of 1,000,000 ' +
          'rows)</td></tr>',
      );
      expect(header).toContain('<tr><th scope="row">measured runs</th><td>3 per case and variant</td></tr>');
      expect(header).not.toContain('<b>');
      expect(html).toContain(
        `<details><summary>Options as recorded in ` +
          `result.json</summary><pre>${escapeHtml(JSON.stringify(run.options, null, 2))}</pre></details>`,
      );
    },
  );

  it('draws where the time went as stacked bars with the sentences beside them', () => {
    const html = printReportHtml([benchRun({ runs: 5, cases: EXPLAIN_CASES, phases: true })]);
    expect(html).toContain('<canvas id="chart-where-the-time-went-1-1"');
    const beside = /<div class="plot-with-words">[^]*?<ul class="beside">([^]*?)<\/ul><\/div>/.exec(html)![1];
    expect(beside).toMatch(/^<li>For one request of 10,000 rows, gRPC took [\d.]+× JSON&#39;s time/);
    const data = JSON.parse(/<script type="application\/json" id="report-data">([^]*?)<\/script>/.exec(html)![1]) as {
      id: string;
      stacked?: boolean;
    }[];
    expect(data.find((c) => c.id === 'where-the-time-went-1-1')!.stacked).toBe(true);
  });

  it('names what it left out instead of drawing empty charts', () => {
    const html = printReportHtml([
      benchRun({ runs: 3, cases: [{ name: 'single-1', mode: 'single', rows: 1, requests: 1 }] }),
    ]);
    expect(html).toContain(
      '<strong>Median time vs rows per request</strong>: not drawn, no single-request scenarios at two or more sizes',
    );
    expect(html).not.toContain('chart-time-vs-rows');
  });

  it('prints no heading for a section with nothing in it: a quick run has no "Compared with the article"', () => {
    const html = printReportHtml([benchRun({ preset: 'quick', cases: QUICK_CASES, runs: 3 })]);
    const headings = [...html.matchAll(/<h2>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Time', 'Cost per request']);
    expect(html).not.toContain('Compared with the article');
    expect(html).not.toContain('Where the time went');
  });

  it('says so once when nothing has finished yet, instead of empty sections', () => {
    const html = printReportHtml([{ ...benchRun({ runs: 3 }), scenarios: [], endReason: 'running', endedAt: null }]);
    expect(html).not.toContain('<h2>');
    expect(html).toContain('Nothing to draw yet: no scenario or load level of this run has finished.');
  });

  it("prints a batching run's many-vs-one table, as summary.md has it", () => {
    const html = printReportHtml([benchRun({ preset: 'batching', cases: BATCHING_CASES })]);
    expect(html).toContain('<h2>Many small calls or one large one</h2>');
    const table = /<table class="numbers" id="table-many-vs-one-1">([^]*?)<\/table>/.exec(html)![1];
    expect(table).toContain(
      '<th>variant</th><th class="num">1 × 10,000 ms</th><th class="num">10 × 1,000 ms</th><th ' +
        'class="num">100 × 100 ms</th><th class="num">10,000 × 1 ms</th><th class="num">10,000 × 1 / 1 × 10,000</th>',
    );
  });

  it('prints a load run with its own charts only', () => {
    const html = printReportHtml([loadRun()]);
    expect(html).toContain('chart-load-rps');
    expect(html).not.toContain('chart-time-vs-rows');
  });
});

describe('jsonForScript', () => {
  it('leaves no < and no raw line separators, and parses back to the same data', () => {
    const data = { a: '</script><!--', b: '\u2028\u2029' };
    const text = jsonForScript(data);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
