// Headless Chromium for the browser tests: a system Chromium (Debian's `chromium`, which .ci/run installs) driven by
// playwright-core. Without one, the suites are declared skipped with the reason in their title: never a silent pass.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, chromium, ConsoleMessage, Page } from 'playwright-core';

const USUAL_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/** CHROME_PATH when set (and it must exist then), else the first of the usual install paths. */
export function findChromium(): { path: string } | { reason: string } {
  const given = process.env.CHROME_PATH;
  if (given) return existsSync(given) ? { path: given } : { reason: `CHROME_PATH=${given} does not exist` };
  const path = USUAL_PATHS.find((p) => existsSync(p));
  return path
    ? { path }
    : { reason: `no Chromium (set CHROME_PATH, or apt-get install -y chromium; looked in ${USUAL_PATHS.join(', ')})` };
}

const found = findChromium();

/** `describe` when a Chromium is there; otherwise the suite is skipped and its title says why. */
export function describeInChromium(title: string, body: () => void): void {
  if ('path' in found) describe(title, body);
  else describe.skip(`${title} (skipped: ${found.reason})`, body);
}

/** A headless Chromium; close it in afterAll. */
export function launchChromium(): Promise<Browser> {
  if (!('path' in found)) throw new Error(found.reason);
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({
    executablePath: found.path,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
  });
}

/** Console errors and uncaught page errors, collected for "no console errors" assertions. */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  return errors;
}

/** Where a test's screenshots go: test-output/<suite>/ (ignored by git). */
export function screenshotDir(suite: string): string {
  const dir = join(__dirname, '..', '..', 'test-output', suite);
  mkdirSync(dir, { recursive: true });
  return dir;
}
