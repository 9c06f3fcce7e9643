#!/usr/bin/env node
'use strict';
// `npm run screenshots [-- RUN_FOLDER]`: the README's and docs/report.md's pictures, regenerated from this machine.
// - docs/images/report.png: the top of RUN_FOLDER's report.html (default: the newest run under RESULTS_DIR whose
//   result.json says preset "full", else the newest run), rebuilt with `npm run report` first, opened from file://
//   in headless Chromium with the network off; and docs/images/report-why.png, its first "where the time went"
//   figure, when the run reported phases.
// - docs/images/client-page.png: the client app's comparison section after a small comparison run through its form, on
//   a stack started here on ports of its own (so a running `npm run start:all` is left alone) and stopped afterwards.
// Needs a Chromium (CHROME_PATH, or `npm run setup:chromium`) and a build (`npm run build`).
const { spawn, spawnSync } = require('node:child_process');
const { existsSync, readdirSync, readFileSync, statSync } = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { ROOT, entryOf } = require('./apps');
const { readCommandLine } = require('./command-line');

const OUT = path.join(ROOT, 'docs', 'images');
const CHROMIUM = [
  process.env.CHROME_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
].find((p) => p && existsSync(p));
// Ports of its own, far from the defaults (3000-3022) and from the tests' free ports.
const PORTS = {
  CLIENT_PORT: 3900,
  JSON_SERVER_PORT: 3901,
  GRPC_SERVER_PORT: 3902,
  FASTIFY_JSON_SERVER_PORT: 3903,
  H2_JSON_SERVER_PORT: 3904,
};

function fail(message) {
  process.stderr.write(`wirebench screenshots: ${message}\n`);
  process.exit(2);
}

const USAGE = `Usage: npm run screenshots [-- RUN_FOLDER]
  Regenerates docs/images/report.png (and report-why.png) from RUN_FOLDER's report (default: the newest full-preset
  run, else the newest run) and docs/images/client-page.png from a small run through the client page, on ports of its
  own. Needs a Chromium (CHROME_PATH, or npm run setup:chromium).`;
const cli = readCommandLine({ prefix: 'wirebench screenshots', usage: USAGE, maxPositionals: 1 });

/** The run folder to picture: the argument, or the newest full-preset run, or the newest run. */
function runFolder(resultsDir) {
  if (cli.positionals[0]) return path.resolve(cli.positionals[0]);
  const runs = existsSync(resultsDir)
    ? readdirSync(resultsDir)
        .map((name) => path.join(resultsDir, name))
        .filter((dir) => existsSync(path.join(dir, 'result.json')))
        .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    : [];
  const preset = (dir) => JSON.parse(readFileSync(path.join(dir, 'result.json'), 'utf8')).preset;
  return (
    runs.find((dir) => preset(dir) === 'full') ??
    runs[0] ??
    fail(`no saved run under ${resultsDir}: run npm run bench first, or name a run folder`)
  );
}

async function reportShot(browser, folder) {
  const built = spawnSync(process.execPath, [entryOf('bench-cli').replace(/main\.js$/, 'report-main.js'), folder], {
    stdio: 'inherit',
  });
  if (built.status !== 0) fail(`npm run report could not rebuild ${folder}/report.html`);
  const context = await browser.newContext({ offline: true, viewport: { width: 1280, height: 1600 } });
  const page = await context.newPage();
  await page.goto(`file://${path.join(folder, 'report.html')}`);
  await page.waitForFunction(() => document.querySelectorAll('canvas').length > 0);
  const file = path.join(OUT, 'report.png');
  await page.screenshot({ path: file });
  // The first "where the time went" figure (chart, sentences beside it, table), when the run reported phases.
  const why = page.locator('figure[id^="figure-where-the-time-went-"]').first();
  const whyFile = path.join(OUT, 'report-why.png');
  const files = [file];
  if ((await why.count()) > 0) {
    await why.screenshot({ path: whyFile });
    files.push(whyFile);
  }
  await context.close();
  return files;
}

/** Starts the client and the servers on PORTS; resolves once the client says it listens. */
function startStack() {
  const env = { ...process.env, ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])) };
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start-all.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the stack did not start within 60 s')), 60_000);
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      // start-all prefixes each line with the app's name.
      if (/\[client\][^\n]*listening on/.test(seen)) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => reject(new Error(`start-all exited with ${code}:\n${seen.slice(-2000)}`)));
  });
}

async function pageShot(browser) {
  const stack = await startStack();
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 1100 } });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:${PORTS.CLIENT_PORT}/`);
    await page.fill('input[name="rows"]', '10000');
    await page.fill('input[name="runs"]', '5');
    const reply = page.waitForResponse((r) => r.url().includes('/client/compare'), { timeout: 120_000 });
    await page.click('button[type="submit"]');
    await reply;
    await page.waitForFunction(
      () =>
        window.Chart &&
        window.Chart.getChart(document.getElementById('chart')) &&
        window.Chart.getChart(document.getElementById('phase-chart')),
    );
    const file = path.join(OUT, 'client-page.png');
    // The comparison section whole (form, result, where the time went): the variants' descriptions push the result
    // below a first screenful.
    await page.locator('#compare').screenshot({ path: file });
    await context.close();
    return file;
  } finally {
    process.kill(-stack.pid, 'SIGTERM');
  }
}

async function main() {
  if (!CHROMIUM) fail('no Chromium: set CHROME_PATH, or npm run setup:chromium');
  if (!existsSync(entryOf('client'))) fail('no build: npm run build first');
  const { loadConfig } = require(path.join(ROOT, 'dist', 'apps', 'client', 'libs', 'config', 'src'));
  const folder = runFolder(loadConfig(process.env).resultsDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
  try {
    for (const file of [...(await reportShot(browser, folder)), await pageShot(browser)])
      process.stdout.write(`${path.relative(ROOT, file)} (${statSync(file).size} bytes)\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => fail(error.message));
