import { LevelTally } from '../level-tally';
import type { MeasuredWindow } from '../load-level.interface';

/** h2load's own summary line: "requests: 100 total, 100 started, 100 done, 100 succeeded, 0 failed, 0 errored, ...". */
export interface H2loadCounts {
  done: number;
  succeeded: number;
  failed: number;
  errored: number;
}

/** A duration as h2load prints it ("2.00s", "41.32ms", "512us"), in ms. */
function durationMs(text: string): number {
  const m = /^([\d.]+)(s|ms|us)$/.exec(text);
  if (!m) throw new Error(`h2load printed a duration this does not read: ${text}`);
  return Number(m[1]) * { s: 1000, ms: 1, us: 0.001 }[m[2] as 's' | 'ms' | 'us'];
}

/** The measured run's length ("finished in 2.00s, ...") and its request counts, from h2load's standard output. */
export function h2loadSummary(stdout: string): { windowMs: number; counts: H2loadCounts } {
  const finished = /^finished in ([\d.]+(?:s|ms|us)),/m.exec(stdout);
  const requests = /^requests: .*?(\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored/m.exec(stdout);
  if (!finished || !requests) throw new Error(`h2load printed no summary: ${stdout.trim().split('\n').pop() ?? ''}`);
  const [done, succeeded, failed, errored] = requests.slice(1).map(Number);
  return { windowMs: durationMs(finished[1]), counts: { done, succeeded, failed, errored } };
}

/**
 * h2load's run as the window every driver measures: each request of its --log-file (start in µs since the epoch, HTTP
 * status, µs until the end of the response) through the same tally and HDR recorder, per-second counts from when each
 * ended. A stream that ended without a status (reset) is a `stream-error`, one with a status other than 200 an
 * `http-<status>`. From its summary: requests it failed before their stream closed (connection refused or lost) are
 * `h2load-errored`, any done but not logged `unlogged`, both at the window's end. Payload bytes are `messageBytes` per
 * success (h2load does not report them per request; the servers' replies to one request are identical). h2load reads
 * HTTP statuses only: a gRPC error in the trailers counts as a success here, which is why the level's one probe call
 * is verified first.
 */
export function h2loadWindow(
  stdout: string,
  log: string,
  messageBytes: number,
  endedBy: MeasuredWindow['endedBy'],
): MeasuredWindow {
  const { windowMs, counts } = h2loadSummary(stdout);
  // With --duration, h2load that cannot connect counts nothing at all, not even a failure.
  if (counts.done === 0 && counts.failed === 0)
    throw new Error(`h2load completed no request in ${windowMs} ms: could it connect?`);
  const rows = log
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.split('\t').map(Number));
  const windowStart =
    rows.length > 0 ? rows.reduce((t, [startUs]) => Math.min(t, startUs / 1000), Infinity) : Date.now();
  const tally = new LevelTally(windowStart);
  for (const [startUs, status, elapsedUs] of rows) {
    const at = (startUs + elapsedUs) / 1000;
    if (status === 200) tally.succeeded(messageBytes, elapsedUs / 1000, at);
    else tally.failed(status > 0 ? `http-${status}` : 'stream-error', at);
  }
  const end = windowStart + windowMs;
  // h2load's failed = the done ones that did not succeed + those that never closed a stream.
  const neverClosed = counts.failed - (counts.done - counts.succeeded);
  for (let i = 0; i < neverClosed; i++) tally.failed('h2load-errored', end);
  for (let i = rows.length; i < counts.done; i++) tally.failed('unlogged', end);
  return tally.result(windowMs, endedBy);
}
