// The client app's page at / and its JSON index at /client, on a real stack; the page is driven in headless Chromium
// and checked for what a person would see: a drawn chart, the API's numbers, the API's error messages, saved runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { collectPageErrors, describeInChromium, launchChromium, screenshotDir } from './support/chromium';
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(60_000);

const SAVED_ID = '2026-04-01T00-00-00Z-page';
// How the page shows a number of the reply: as it comes (the client rounds it), grouped in thousands.
const shown = (value: number): string => value.toLocaleString('en-US', { maximumFractionDigits: 6 });

describe('the client page and the endpoint index', () => {
  const setup = useStackWithResults('wirebench-page-');

  beforeAll(() => {
    // A saved bench run as the CLI leaves it, cheaply: only what the list and the links read.
    const dir = join(setup.resultsDir, SAVED_ID);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'result.json'),
      JSON.stringify({
        id: SAVED_ID,
        preset: 'quick',
        label: 'from the page test',
        startedAt: '2026-04-01T00:00:00Z',
        endedAt: null,
        endReason: 'completed',
        scenarios: [{}],
      }),
    );
    writeFileSync(join(dir, 'report.html'), '<!doctype html><title>fixture report</title><p>the report</p>');
    writeFileSync(join(dir, 'summary.csv'), 'a\r\n1\r\n');
    writeFileSync(join(dir, 'runs.csv'), 'b\r\n2\r\n');
  });

  it('GET /client lists every endpoint with method, path, parameters and a working example URL', async () => {
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client`);
    expect(status).toBe(200);
    const paths = body.endpoints.map((e: any) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/client',
        '/client/compare',
        '/client/json/single/:rows',
        '/client/results',
        '/client/results/:id/:file',
        '/client/load',
      ]),
    );
    for (const e of body.endpoints) {
      expect(e).toMatchObject({
        method: 'GET',
        summary: expect.any(String),
        queryParameters: expect.any(Array),
        pathParameters: expect.any(Array),
      });
      expect(new URL(e.exampleUrl).origin).toBe(setup.stack.clientUrl);
    }
    expect(body.endpoints.find((e: any) => e.path === '/client/json/single/:rows').aliases).toEqual([
      '/client/call-a/:rows',
    ]);
    expect(body.ranges.runs).toEqual({ min: 1, max: 100 });
    // The examples are real: a cheap one answers as documented.
    const single = body.endpoints.find((e: any) => e.path === '/client/grpc/single/:rows');
    expect((await getJson(single.exampleUrl)).body).toMatchObject({
      transport: 'grpc',
      rowsPerRequest: 10000,
      verified: true,
    });
  });

  it('GET / is an HTML page that loads nothing from another origin', async () => {
    const response = await fetch(`${setup.stack.clientUrl}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/(src|href)\s*=\s*["']?(https?:)?\/\//i);
    const chart = await fetch(`${setup.stack.clientUrl}/assets/chart.umd.min.js`);
    expect(chart.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(chart.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(await chart.text()).toMatch(/Chart\.js v4\./);
  });

  it('serves report.html inline and keeps the CSVs as downloads', async () => {
    const report = await fetch(`${setup.stack.clientUrl}/client/results/${SAVED_ID}/report.html`);
    expect(report.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe(`inline; filename="${SAVED_ID}-report.html"`);
    const csv = await fetch(`${setup.stack.clientUrl}/client/results/${SAVED_ID}/summary.csv`);
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${SAVED_ID}-summary.csv"`);
  });

  describeInChromium('in Chromium', () => {
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let requested: string[];

    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });
    beforeEach(async () => {
      context = await browser.newContext({ viewport: { width: 1200, height: 1400 } });
      page = await context.newPage();
      errors = collectPageErrors(page);
      requested = [];
      context.on('request', (r) => requested.push(r.url()));
      await page.goto(`${setup.stack.clientUrl}/`);
      await page.waitForSelector('body[data-ready="true"]');
    });
    afterEach(async () => {
      await context.close();
      // Every request of every test's pages, the report tab included, went to the client app (a failure here is that
      // test's).
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((url) => new URL(url).origin !== setup.stack.clientUrl)).toEqual([]);
    });

    /** Fills the form (empty string: leave the field empty) and ticks exactly `variants`. */
    async function fill(fields: Record<string, string>, variants: string[]): Promise<void> {
      for (const [name, value] of Object.entries(fields)) await page.fill(`#compare-form input[name="${name}"]`, value);
      for (const box of await page.locator('#compare-form input[name="variants"]').all())
        await box.setChecked(variants.includes((await box.getAttribute('value')) ?? ''));
    }

    /** Fills the form, submits it, and returns the API's reply as the page received it. */
    async function submit(fields: Record<string, string>, variants: string[]): Promise<Response> {
      await fill(fields, variants);
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/client/compare?')),
        page.click('#run'),
      ]);
      return reply;
    }

    it('lists the endpoints of the index, with example links on this origin', async () => {
      const { body } = await getJson(`${setup.stack.clientUrl}/client`);
      const rows = page.locator('#endpoint-list tbody tr');
      expect(await rows.count()).toBe(body.endpoints.length);
      const compare = rows.filter({ hasText: '/client/compare' }).first();
      expect(await compare.locator('a').getAttribute('href')).toBe(
        '/client/compare?variants=json,grpc&rows=10000&runs=3',
      );
      expect(await page.locator('#compare-form input[name="runs"]').getAttribute('max')).toBe('100');
      // Each variant's checkbox says what it changes, in the registry's words.
      const labels = await page
        .locator('#variants label')
        .evaluateAll((ls) =>
          ls.map((l) => [l.querySelector('input')!.value, l.querySelector('.changes')!.textContent]),
        );
      expect(labels).toEqual(
        body.variants.map((v: any) => [v.name, ` ${v.factor ? `${v.factor}: ` : ''}${v.changes}`]),
      );
      expect(Object.fromEntries(labels)['grpc-bare']).toMatch(/^ client library: a plain @grpc\/grpc-js client/);
    });

    it('offers every shape of the registry, the default selected, and sends the one chosen', async () => {
      const { body } = await getJson(`${setup.stack.clientUrl}/client`);
      const options = await page
        .locator('#shape option')
        .evaluateAll((os) =>
          os.map((o) => [(o as HTMLOptionElement).value, o.textContent, (o as HTMLOptionElement).selected]),
        );
      expect(options).toEqual(body.shapes.map((s: any) => [s.name, `${s.name}: ${s.description}`, s.isDefault]));
      expect(options.find(([, , selected]) => selected)?.[0]).toBe('row');
      await page.selectOption('#shape', 'numeric');
      const reply = await submit({ rows: '100', requests: '1', runs: '1', warmup: '0' }, ['json', 'grpc']);
      expect(new URL(reply.url()).searchParams.get('shape')).toBe('numeric');
      expect(reply.status()).toBe(200);
      const results = (await reply.json()).results;
      expect(results.map((r: any) => [r.variant, r.shape, r.verified])).toEqual([
        ['json', 'numeric', true],
        ['grpc', 'numeric', true],
      ]);
    });

    it(
      'runs a small comparison from the form and draws it: chart, legend, axis titles, the API numbers in ' +
        'the table',
      async () => {
        const reply = await submit({ rows: '1000', requests: '1', runs: '2', warmup: '0' }, ['json', 'grpc']);
        expect(reply.status()).toBe(200);
        const body = await reply.json();
        await page.waitForSelector('#result:not([hidden])');
        await page.waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Done'));

        const chart = await page.evaluate(() => {
          const canvas = document.getElementById('chart') as HTMLCanvasElement;
          const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
          const drawn = (window as any).Chart.getChart(canvas);
          return {
            width: canvas.width,
            painted,
            legend: drawn.options.plugins.legend.display,
            legendItems: drawn.legend.legendItems.map((i: any) => i.text),
            xTitle: drawn.options.scales.x.title,
            yTitle: drawn.options.scales.y.title,
            labels: drawn.data.labels,
            medians: drawn.data.datasets[0].data,
          };
        });
        expect(chart.width).toBeGreaterThan(300);
        expect(chart.painted).toBeGreaterThan(2000);
        expect(chart.legend).toBe(true);
        expect(chart.legendItems).toEqual(['median', 'p90', 'p99']);
        expect(chart.xTitle).toMatchObject({ display: true, text: 'variant' });
        expect(chart.yTitle).toMatchObject({ display: true, text: 'time per run (ms)' });
        expect(chart.labels).toEqual(['json', 'grpc']);
        expect(chart.medians).toEqual(body.results.map((r: any) => r.stats.medianMs));

        const cells = (table: string) =>
          page.$$eval(`${table} tbody tr`, (rows) =>
            rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
          );
        expect(await cells('#result-table')).toEqual(
          body.results.map((r: any) => [
            r.variant,
            '1,000',
            '1',
            '2',
            shown(r.stats.medianMs),
            shown(r.stats.p90Ms),
            shown(r.stats.p99Ms),
            'yes',
          ]),
        );
        const [versus] = body.versus;
        // 2 runs a side: the interval is shown, no side is named.
        expect(versus).toMatchObject({ faster: null, tooFewRuns: true, distinguishable: false });
        expect(await cells('#versus-table')).toEqual([
          [
            'grpc',
            'json',
            '',
            shown(versus.medianRatio),
            `${shown(versus.ratioCi.low)} – ${shown(versus.ratioCi.high)}`,
            versus.tooFewRuns ? 'too few runs' : versus.faster,
            versus.distinguishable ? 'yes' : 'no',
          ],
        ]);

        // In words: 2 runs a side are too few for any verdict, and the page says how many to use.
        const items = (list: string) => page.$$eval(`${list} li`, (lis) => lis.map((li) => li.textContent));
        expect(await items('#apart')).toEqual(['grpc vs json: 2 runs a side cannot tell these apart; use 5 or more.']);
        expect(body.why.apart).toEqual(await items('#apart'));
        // Where the time went: stacked bars per variant, a legend of the phases, the explain sentences beside them.
        const phases = await page.evaluate(() => {
          const canvas = document.getElementById('phase-chart') as HTMLCanvasElement;
          const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
          let painted = 0;
          for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) painted++;
          const drawn = (window as any).Chart.getChart(canvas);
          return {
            painted,
            stacked: drawn.options.scales.y.stacked,
            labels: drawn.data.labels,
            legendItems: drawn.legend.legendItems.map((i: any) => i.text),
          };
        });
        expect(phases.painted).toBeGreaterThan(2000);
        // The parts every bar has, in order; unattributed (the run's µs after its reply) joins them when it shows at
        // all.
        expect(phases).toMatchObject({ stacked: true, labels: ['json', 'grpc'] });
        expect(phases.legendItems.filter((l: string) => l !== 'unattributed')).toEqual([
          'generate',
          'serialize',
          'wait',
          'transfer',
          'decode',
          'other',
        ]);
        const sentences = await items('#why-sentences');
        expect(sentences).toEqual(body.why.sentences);
        expect(sentences[0]).toMatch(/^For one request of 1,000 rows, gRPC took [\d.]+× JSON's time/);
        await page.screenshot({ path: join(screenshotDir('client-page'), 'comparison.png'), fullPage: true });
        expect(errors).toEqual([]);
      },
    );

    it.each([
      [{ rows: '0' }, ['json', 'grpc'], 'rows=0&requests=1&runs=1&variants=json,grpc'],
      [{ runs: '101' }, ['json'], 'rows=1&requests=1&runs=101&variants=json'],
      [{}, [], 'rows=1&requests=1&runs=1&variants='],
    ])('shows the API message for bad input %j with variants %j', async (fields, variants, query) => {
      const expected = (await getJson(`${setup.stack.clientUrl}/client/compare?${query}`)).body;
      expect(expected.statusCode).toBe(400);
      const reply = await submit({ rows: '1', requests: '1', runs: '1', warmup: '', ...fields }, variants);
      expect(reply.status()).toBe(400);
      await page.waitForSelector('#error:not([hidden])');
      expect(await page.textContent('#error')).toBe(expected.message);
      expect(await page.isHidden('#result')).toBe(true);
      await page.screenshot({ path: join(screenshotDir('client-page'), `error-${expected.parameter}.png`) });
    });

    it('clears the last result when the next comparison is refused: no stale numbers under the error', async () => {
      expect((await submit({ rows: '10', requests: '1', runs: '1', warmup: '0' }, ['json'])).status()).toBe(200);
      await page.waitForSelector('#result:not([hidden])');
      expect(await page.locator('#result-table tbody tr').count()).toBe(1);
      expect((await submit({ rows: '0' }, ['json'])).status()).toBe(400);
      await page.waitForSelector('#error:not([hidden])');
      expect(await page.isHidden('#result')).toBe(true);
    });

    it(
      'shows where a long comparison is while it runs: the run and the rows so far, from GET ' + '/client/progress',
      async () => {
        // A stream of small chunks, so rows arrive for seconds; cancelled once the page has shown them.
        await fill({ rows: '2000000', requests: '1', runs: '1', warmup: '0' }, ['grpc-stream']);
        await page.click('#run');
        await page.waitForFunction(
          () =>
            /; now grpc-stream run 1\/1, [\d.]+[KM] of 2M rows$/.test(
              document.getElementById('status')?.textContent ?? '',
            ),
          null,
          { timeout: 30_000 },
        );
        expect(await page.textContent('#status')).toMatch(
          new RegExp(
            String.raw`^Running 1 variant \(grpc-stream\) × 1 run: \d+\.\d s elapsed; now grpc-stream ` +
              String.raw`run 1\/1, [\d.]+[KM] of 2M rows$`,
          ),
        );
        await page.screenshot({ path: join(screenshotDir('client-page'), 'progress.png') });
        await page.click('#cancel');
        await page.waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Cancelled after'));
        await setup.stack.client.waitFor(/measurement cancelled .*grpc-stream/, 10_000);
        expect(errors).toEqual([]);
      },
    );

    it('cancels a running comparison: the request is closed and the client stops measuring', async () => {
      await fill({ rows: '50000', requests: '1', runs: '100' }, ['json', 'grpc']);
      await page.click('#run');
      await page.waitForSelector('#cancel:not([hidden])');
      expect(await page.textContent('#status')).toMatch(
        /^Running 2 variants \(json, grpc\) × 100 runs, runs interleaved: \d+\.\d s elapsed(; now .*)?$/,
      );
      await page.waitForTimeout(300);
      await page.click('#cancel');
      await page.waitForFunction(() => document.getElementById('status')?.textContent?.startsWith('Cancelled after'));
      expect(await page.isHidden('#cancel')).toBe(true);
      expect(await page.isEnabled('#run')).toBe(true);
      await setup.stack.client.waitFor(/measurement cancelled .*the caller closed the connection/, 10_000);
      // A cancelled fetch is logged by Chromium as a failed request, not as a console error of the page.
      expect(errors).toEqual([]);
    });

    it('lists saved runs with their report (opened in the browser) and CSV links', async () => {
      const row = page.locator('#saved-runs tbody tr', { hasText: SAVED_ID });
      await row.waitFor();
      expect(await row.textContent()).toContain('from the page test');
      const links = await row.locator('a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
      expect(links).toEqual([
        ['report.html', `/client/results/${SAVED_ID}/report.html`],
        ['summary.csv', `/client/results/${SAVED_ID}/summary.csv`],
        ['runs.csv', `/client/results/${SAVED_ID}/runs.csv`],
      ]);
      // Shown in a tab, not saved as a download.
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        row.locator('a', { hasText: 'report.html' }).click(),
      ]);
      await tab.waitForLoadState();
      expect(await tab.title()).toBe('fixture report');
      expect(errors).toEqual([]);
    });
  });
});

describe('the client page before anything is saved', () => {
  const setup = useStackWithResults('wirebench-page-empty-');
  const FILE_ENDPOINT = '/client/results/:id/:file';

  it('GET /client gives the saved-file endpoint no example, and says why', async () => {
    const { body } = await getJson(`${setup.stack.clientUrl}/client`);
    expect(body.endpoints.find((e: any) => e.path === FILE_ENDPOINT)).toMatchObject({
      exampleUrl: null,
      exampleNote: 'none until a run is saved (npm run bench, or ?save=1)',
    });
    expect(body.endpoints.filter((e: any) => e.exampleUrl === null)).toHaveLength(1);
  });

  describeInChromium('in Chromium', () => {
    let browser: Browser;
    let page: Page;
    let errors: string[];

    beforeAll(async () => {
      browser = await launchChromium();
      page = await browser.newPage({ viewport: { width: 1200, height: 1400 } });
      errors = collectPageErrors(page);
      await page.goto(`${setup.stack.clientUrl}/`);
      await page.waitForSelector('body[data-ready="true"]');
    });
    afterAll(async () => {
      await browser?.close();
    });

    const fileExample = () => page.locator('#endpoint-list tbody tr', { hasText: FILE_ENDPOINT }).locator('td').last();

    it('says "no saved runs yet" without an empty table, and links no file that does not exist', async () => {
      await page.waitForSelector('#saved-empty:not([hidden])');
      expect(await page.textContent('#saved-empty')).toMatch(/^No saved runs yet/);
      expect(await page.isHidden('#saved-runs')).toBe(true);
      expect(await fileExample().locator('a').count()).toBe(0);
      expect(await fileExample().textContent()).toBe('none until a run is saved (npm run bench, or ?save=1)');
      expect(errors).toEqual([]);
    });

    it('lists the run once one is saved from the form, and then links its summary.csv, which resolves', async () => {
      await page.fill('#compare-form input[name="rows"]', '10');
      await page.fill('#compare-form input[name="runs"]', '1');
      await page.check('#compare-form input[name="save"]');
      const [reply] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/client/compare?')),
        page.click('#run'),
      ]);
      expect(reply.status()).toBe(200);
      const row = page.locator('#saved-runs tbody tr', { hasText: 'client-endpoints' });
      await row.waitFor();
      expect(await page.isHidden('#saved-empty')).toBe(true);
      await fileExample().locator('a').waitFor();
      const href = await fileExample().locator('a').getAttribute('href');
      expect(href).toBe('/client/results/client-endpoints/summary.csv');
      expect(await row.locator('a', { hasText: 'summary.csv' }).getAttribute('href')).toBe(href);
      const csv = await fetch(`${setup.stack.clientUrl}${href}`);
      expect(csv.status).toBe(200);
      expect(await csv.text()).toMatch(/^\S+/);
      expect(errors).toEqual([]);
    });
  });
});
