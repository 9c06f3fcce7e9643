import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The npm package whose UMD build draws every chart: inlined into report.html, served by the client page. */
export const CHART_LIBRARY = 'chart.js';

let cached: string | undefined;

/**
 * The package's dist/ folder: its `exports` map hides the UMD file and package.json, so they are found beside its main
 * entry.
 */
function distDir(): string {
  return dirname(require.resolve(CHART_LIBRARY));
}

/**
 * Chart.js's minified UMD build, read once from node_modules (resolved the way Node resolves the package, so it is
 * the locked version), to be inlined in a <script>: a report must open from file:// with no network, and the page
 * must not reach a CDN. `</script` cannot occur in it unescaped, so inlining it as is is safe (checked in the spec).
 */
export function chartLibrarySource(): string {
  cached ??= readFileSync(join(distDir(), 'chart.umd.min.js'), 'utf8');
  return cached;
}

/** The version inlined, for the report's context line. */
export function chartLibraryVersion(): string {
  return (JSON.parse(readFileSync(join(distDir(), '..', 'package.json'), 'utf8')) as { version: string }).version;
}
