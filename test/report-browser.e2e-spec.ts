// report.html in a real browser: opened from file:// with the network off, it must draw every chart (canvas pixels,
// legends and axis titles read from Chart.js's own configuration), show the same numbers as result.json in its
// tables, make no request beyond the file itself and log no error.
import { human } from '@app/printers';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { type BenchRun } from '@app/bench';
import { type LoadRun } from '@app/load';
import { printReportHtml } from '@app/report';
import {
  BATCHING_CASES,
  benchRun,
  connectRun,
  EXPLAIN_CASES,
  loadRun,
  runtimeRun,
  shapeRun,
} from '../libs/report/src/fixtures/report-runs';
import { collectPageErrors, describeInChromium, launchChromium, screenshotDir } from './support/chromium';

// The article's comparison before the run's own figures, as summary.md and the terminal print it (the section
// registry's order).
const BENCH_CHARTS = [
  'article-ratio',
  'time-vs-rows',
  'time-vs-parallel',
  'time-vs-concurrency',
  'runs-over-time',
  'wire-bytes',
  'client-cpu',
  'server-cpu',
  'client-rss',
  'server-rss',
];
const LOAD_CHARTS = ['load-rps', 'load-latency'];

/** A run folder as the CLI leaves it (result.json and report.html), in `root`. */
function saveFolder(root: string, name: string, run: BenchRun | LoadRun): { html: string; json: string } {
  const dir = join(root, name);
  mkdirSync(dir);
  writeFileSync(join(dir, 'result.json'), JSON.stringify(run, null, 2));
  writeFileSync(join(dir, 'report.html'), printReportHtml([run]));
  return { html: join(dir, 'report.html'), json: join(dir, 'result.json') };
}

interface Drawn {
  id: string;
  type: string;
  painted: number;
  xTitle: string;
  yTitle: string;
  xType: string;
  yType: string;
  legend: string[];
}

/** What Chart.js drew on each canvas: painted pixels, axis titles and types, legend entries. */
function drawnCharts(page: Page): Promise<Drawn[]> {
  return page.evaluate(() => {
    type ChartLike = {
      config: { type: string };
      options: { scales: Record<string, { type: string; title: { text: string } }> };
      legend: { legendItems: { text: string }[] };
    };
    const Chart = (window as unknown as { Chart: { getChart(c: HTMLCanvasElement): ChartLike | undefined } }).Chart;
    return [...document.querySelectorAll('canvas')].map((canvas) => {
      const chart = Chart.getChart(canvas)!;
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let painted = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
      return {
        id: canvas.id.replace(/^chart-/, ''),
        type: chart.config.type,
        painted,
        xTitle: chart.options.scales.x.title.text,
        yTitle: chart.options.scales.y.title.text,
        xType: chart.options.scales.x.type,
        yType: chart.options.scales.y.type,
        legend: chart.legend.legendItems.map((item) => item.text),
      };
    });
  });
}

/** The body cells of a chart's table view, row by row. */
function tableCells(page: Page, id: string): Promise<string[][]> {
  return page.$$eval(`#table-${id} tbody tr`, (rows) =>
    rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent ?? '')),
  );
}

describeInChromium('report.html in Chromium', () => {
  let browser: Browser;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'wirebench-report-'));
    browser = await launchChromium();
  }, 30_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** Opens a report offline; returns the page, every URL it requested and its errors. */
  async function open(file: string) {
    const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const errors = collectPageErrors(page);
    await page.goto(pathToFileURL(file).href);
    await page.waitForFunction(() => document.querySelectorAll('canvas').length > 0);
    return { page, requests, errors, close: () => context.close() };
  }

  it(
    'a bench run: every chart drawn with titled axes and legends, tables equal to result.json, offline, no ' + 'errors',
    async () => {
      const { html, json } = saveFolder(root, 'bench', benchRun());
      const { page, requests, errors, close } = await open(html);
      try {
        const drawn = await drawnCharts(page);
        expect(drawn.map((d) => d.id)).toEqual(BENCH_CHARTS);
        for (const d of drawn) {
          expect({ id: d.id, painted: d.painted > 1000 }).toEqual({ id: d.id, painted: true });
          expect(d.xTitle).not.toBe('');
          expect(d.yTitle).toMatch(/\(.+\)/); // every y axis names its unit
          expect(d.legend.length).toBeGreaterThan(0);
        }
        const rows = drawn.find((d) => d.id === 'time-vs-rows')!;
        expect(rows).toMatchObject({
          type: 'line',
          xType: 'logarithmic',
          yType: 'logarithmic',
          xTitle: 'rows per request (log)',
          legend: ['json', 'grpc', 'crossover'],
        });
        expect(drawn.find((d) => d.id === 'wire-bytes')).toMatchObject({
          type: 'bar',
          yType: 'logarithmic',
          legend: ['json', 'grpc'],
        });
        expect(drawn.find((d) => d.id === 'article-ratio')!.legend).toEqual(['this machine', 'article (2022 laptop)']);

        // The table under the rows chart shows result.json's medians, formatted as the page prints them.
        const saved = JSON.parse(readFileSync(json, 'utf8')) as BenchRun;
        const cells = await tableCells(page, 'time-vs-rows');
        expect(cells.length).toBe(14);
        for (const [variant, , scenario, median] of cells) {
          const result = saved.scenarios.find((r) => r.name === scenario && r.variant === variant)!;
          expect(median).toBe(human(result.stats.medianMs, 2));
        }
        const scatter = await tableCells(page, 'runs-over-time');
        expect(scatter.length).toBe(saved.scenarios.length);
        expect(scatter.map((r) => r[5])).toEqual(saved.scenarios.map((r) => human(r.stats.medianMs, 2)));
        expect(scatter.map((r) => r[1])).toEqual(saved.scenarios.map(() => 'row'));
        // The header is a table of what was run; the hostile label is text in its cell, not markup.
        const header = await page.$$eval('table.run-header tr', (rows) =>
          rows.map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]),
        );
        expect(header.slice(0, 4)).toEqual([
          ['run id', saved.id],
          ['label', saved.label],
          ['kind', 'bench'],
          ['preset', 'full'],
        ]);
        expect(Object.fromEntries(header)['measured runs']).toBe('5 per case and variant');
        expect(await page.locator('.context b').count()).toBe(0);

        expect(requests.filter((url) => !/^(file|data|blob|about):/.test(url))).toEqual([]);
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(screenshotDir('report'), 'bench-report.png'), fullPage: true });
      } finally {
        await close();
      }
    },
    30_000,
  );

  it(
    'where the time went: stacked bars per case with the phases in the legend and the sentences beside ' + 'them',
    async () => {
      const { html } = saveFolder(root, 'phases', benchRun({ cases: EXPLAIN_CASES, phases: true }));
      const { page, errors, close } = await open(html);
      try {
        const drawn = (await drawnCharts(page)).filter((d) => d.id.startsWith('where-the-time-went-'));
        expect(drawn.map((d) => d.id)).toEqual(['where-the-time-went-1-1', 'where-the-time-went-1-2']);
        for (const d of drawn) {
          expect(d).toMatchObject({
            type: 'bar',
            xTitle: 'variant',
            yType: 'linear',
            legend: ['generate', 'serialize', 'wait', 'transfer', 'decode', 'other'],
          });
          expect(d.painted).toBeGreaterThan(1000);
        }
        const stacked = await page.evaluate(
          () =>
            (window as any).Chart.getChart(document.getElementById('chart-where-the-time-went-1-1')).options.scales.y
              .stacked,
        );
        expect(stacked).toBe(true);
        const beside = await page.$$eval('#figure-where-the-time-went-1-1 .beside li', (lis) =>
          lis.map((li) => li.textContent),
        );
        expect(beside[0]).toMatch(/^For one request of 10,000 rows, gRPC took [\d.]+× JSON's time/);
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(screenshotDir('report'), 'phases-report.png'), fullPage: true });
      } finally {
        await close();
      }
    },
    30_000,
  );

  it('a load run: requests/s and latency vs concurrency, saturation in the table, offline, no errors', async () => {
    const { html, json } = saveFolder(root, 'load', loadRun());
    const { page, requests, errors, close } = await open(html);
    try {
      const drawn = await drawnCharts(page);
      expect(drawn.map((d) => d.id)).toEqual(LOAD_CHARTS);
      for (const d of drawn) expect(d.painted).toBeGreaterThan(1000);
      expect(drawn[0]).toMatchObject({
        xTitle: 'concurrent callers (log)',
        yTitle: 'successful requests per second',
        legend: ['json', 'grpc'],
      });
      expect(drawn[1]).toMatchObject({
        yType: 'logarithmic',
        legend: ['json p50', 'json p99', 'grpc p50', 'grpc p99'],
      });
      const saved = JSON.parse(readFileSync(json, 'utf8')) as LoadRun;
      const cells = await tableCells(page, 'load-rps');
      const expected = ['json', 'grpc'].flatMap((t) =>
        saved.levels
          .filter((l) => l.transport === t)
          .map((l) => [t, human(l.concurrency), human(l.rps), human(l.latency.p50, 2), human(l.latency.p99, 2)]),
      );
      expect(cells.map((r) => r.slice(0, 5))).toEqual(expected);
      expect(cells.map((r) => r[6])).toContain('generator saturated');
      expect(requests.filter((url) => !/^(file|data|blob|about):/.test(url))).toEqual([]);
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(screenshotDir('report'), 'load-report.png'), fullPage: true });
    } finally {
      await close();
    }
  }, 30_000);

  it("a batching run: the many-vs-one chart first, its axes titled, summary.md's table beneath", async () => {
    const { html } = saveFolder(root, 'batching', benchRun({ preset: 'batching', cases: BATCHING_CASES }));
    const { page, errors, close } = await open(html);
    try {
      const [first] = await drawnCharts(page);
      expect(first).toMatchObject({
        id: 'many-vs-one-1',
        type: 'line',
        xType: 'logarithmic',
        xTitle: 'calls the rows are split into (log)',
        yTitle: 'median time per run (ms, log)',
      });
      expect(first.legend).toEqual(['json', 'grpc', 'crossover']);
      expect(first.painted).toBeGreaterThan(1000);
      expect(await page.textContent('#figure-many-vs-one-1 h3')).toBe('Many small calls or one large one: 10,000 rows');
      expect((await tableCells(page, 'many-vs-one-1')).map((r) => r[0])).toEqual(['json', 'grpc']);
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(screenshotDir('report'), 'batching-report.png'), fullPage: true });
    } finally {
      await close();
    }
  }, 30_000);

  it(
    'a run of several shapes: gRPC/JSON per shape and per serializer, each ratio with its 95% interval drawn ' +
      'beside it',
    async () => {
      const { html } = saveFolder(root, 'shapes', shapeRun());
      const { page, errors, close } = await open(html);
      try {
        const drawn = await drawnCharts(page);
        const shape = drawn.find((d) => d.id === 'shape-ratio')!;
        expect(shape).toMatchObject({
          type: 'bar',
          xTitle: 'shape · rows per request',
          yTitle: 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)',
        });
        expect(shape.legend).toEqual(['grpc / json', 'grpc / json 95% CI']);
        expect(shape.painted).toBeGreaterThan(1000);
        expect(drawn.find((d) => d.id === 'serializer-ratio')!.legend).toEqual([
          'grpc / json',
          'grpc / json 95% CI',
          'grpc-sliced / json',
          'grpc-sliced / json 95% CI',
        ]);
        // The interval is a floating bar [low, high] around the ratio, as the table beneath says.
        const bars = await page.evaluate(() => {
          const chart = (window as any).Chart.getChart(document.getElementById('chart-shape-ratio'));
          return {
            labels: chart.data.labels,
            ratios: chart.data.datasets[0].data,
            intervals: chart.data.datasets[1].data,
          };
        });
        expect(bars.labels).toEqual(['numeric · 1,000 rows', 'text · 1,000 rows']);
        bars.intervals.forEach(([low, high]: [number, number], i: number) => {
          expect(low).toBeLessThanOrEqual(bars.ratios[i]);
          expect(high).toBeGreaterThanOrEqual(bars.ratios[i]);
        });
        const cells = await tableCells(page, 'shape-ratio');
        expect(cells.map((r) => [r[0], r[4]])).toEqual([
          ['numeric', 'gRPC faster'],
          ['text', 'JSON faster'],
        ]);
        expect(cells[0][3]).toBe(`${bars.intervals[0][0].toFixed(2)}–${bars.intervals[0][1].toFixed(2)}`);
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(screenshotDir('report'), 'shapes-report.png'), fullPage: true });
      } finally {
        await close();
      }
    },
    30_000,
  );

  it(
    'a run on two runtimes: gRPC/JSON by runtime, a bar per runtime with its 95% interval, the sentences ' + 'beneath',
    async () => {
      const { html } = saveFolder(root, 'runtimes', runtimeRun());
      const { page, errors, close } = await open(html);
      try {
        const drawn = await drawnCharts(page);
        // First: what the runtimes preset was made for.
        expect(drawn[0]).toMatchObject({
          id: 'runtime-ratio',
          type: 'bar',
          xTitle: 'case · rows per request',
          yTitle: 'gRPC/JSON median time ratio (×, above 1 = gRPC slower)',
        });
        expect(drawn[0].legend).toEqual(['Node 20.20.2', 'Node 20.20.2 95% CI', 'Node 26.10.0', 'Node 26.10.0 95% CI']);
        expect(drawn[0].painted).toBeGreaterThan(1000);
        const bars = await page.evaluate(() => {
          const chart = (window as any).Chart.getChart(document.getElementById('chart-runtime-ratio'));
          return {
            labels: chart.data.labels,
            ratios: chart.data.datasets[0].data,
            intervals: chart.data.datasets[1].data,
          };
        });
        expect(bars.labels).toEqual(['1-1 · 1 row', '1-2 · 10,000 rows']);
        bars.intervals.forEach(([low, high]: [number, number], i: number) => {
          expect(low).toBeLessThanOrEqual(bars.ratios[i]);
          expect(high).toBeGreaterThanOrEqual(bars.ratios[i]);
        });
        const cells = await tableCells(page, 'runtime-ratio');
        expect(cells.map((r) => [r[1], r[4]])).toEqual([
          ['Node 20.20.2', 'gRPC faster'],
          ['Node 26.10.0', 'JSON faster'],
          ['Node 20.20.2', 'JSON faster'],
          ['Node 26.10.0', 'JSON faster'],
        ]);
        expect(await page.textContent('#figure-runtime-ratio')).toContain('The verdict changes with the runtime');
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(screenshotDir('report'), 'runtimes-report.png'), fullPage: true });
      } finally {
        await close();
      }
    },
    30_000,
  );

  it(
    'a connect run: each Connect variant against grpc and json, a bar per variant with its 95% interval, the ' +
      'sentences beneath',
    async () => {
      const { html } = saveFolder(root, 'connect', connectRun());
      const { page, errors, close } = await open(html);
      try {
        const drawn = await drawnCharts(page);
        // First: what the connect preset was made for.
        expect(drawn.slice(0, 2).map((d) => [d.id, d.type, d.yTitle])).toEqual([
          ['connect-vs-grpc', 'bar', 'Connect variant / grpc median time ratio (×, above 1 = Connect slower)'],
          ['connect-vs-json', 'bar', 'Connect variant / json median time ratio (×, above 1 = Connect slower)'],
        ]);
        expect(drawn[0].legend).toEqual([
          'connect-proto / grpc',
          'connect-proto / grpc 95% CI',
          'connect-json / grpc',
          'connect-json / grpc 95% CI',
        ]);
        expect(Math.min(drawn[0].painted, drawn[1].painted)).toBeGreaterThan(1000);
        const cells = await tableCells(page, 'connect-vs-json');
        expect(cells.map((r) => [r[1], r[2], r[4]])).toEqual([
          ['connect-proto', '1.54', 'slower'],
          ['connect-json', '1.50', 'slower'],
          ['connect-proto', '0.28', 'faster'],
          ['connect-json', '1.50', 'slower'],
        ]);
        expect(await page.textContent('#figure-connect-vs-json')).toContain("connect-proto took 0.70× grpc's time");
        expect(errors).toEqual([]);
        await page.screenshot({ path: join(screenshotDir('report'), 'connect-report.png'), fullPage: true });
      } finally {
        await close();
      }
    },
    30_000,
  );

  it('a load run of one level: bars from zero, the flagged bar keeping its colour inside a red outline', async () => {
    const { html } = saveFolder(
      root,
      'load-one-level',
      loadRun({ levels: loadRun().levels.filter((l) => l.concurrency === 100) }),
    );
    const { page, errors, close } = await open(html);
    try {
      const drawn = await drawnCharts(page);
      expect(drawn.map((d) => [d.id, d.type])).toEqual([
        ['load-rps', 'bar'],
        ['load-latency', 'bar'],
      ]);
      const rps = await page.evaluate(() => {
        const chart = (window as any).Chart.getChart(document.getElementById('chart-load-rps'));
        const grpc = chart.data.datasets[1];
        return { min: chart.scales.y.min, fill: grpc.backgroundColor, border: grpc.borderColor };
      });
      expect(rps.min).toBe(0);
      expect(rps).toMatchObject({ fill: '#ff7f0e', border: ['#d62728'] });
      expect(errors).toEqual([]);
      await page.screenshot({ path: join(screenshotDir('report'), 'load-one-level-report.png'), fullPage: true });
    } finally {
      await close();
    }
  }, 30_000);

  it('two runs overlaid: every line and bar named after its run', async () => {
    const file = join(root, 'overlaid.html');
    writeFileSync(
      file,
      printReportHtml([benchRun({ label: 'before' }), benchRun({ id: 'second-run', label: null, scale: 1.4 })]),
    );
    const { page, errors, close } = await open(file);
    try {
      const drawn = await drawnCharts(page);
      expect(drawn.find((d) => d.id === 'time-vs-rows')!.legend).toEqual([
        'before · json',
        'before · grpc',
        'second-run · json',
        'second-run · grpc',
        'crossover',
      ]);
      expect(drawn.find((d) => d.id === 'client-cpu')!.legend).toEqual([
        'before · json',
        'before · grpc',
        'second-run · json',
        'second-run · grpc',
      ]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 30_000);
});
