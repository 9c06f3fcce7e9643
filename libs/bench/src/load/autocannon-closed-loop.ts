import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { expectedJsonBody, loadLevelUrl } from './http-fire';
import { levelShape } from './level-shape';
import { LevelTally } from './level-tally';
import type { LoadLevelSpec, MeasuredWindow } from './load-level.interface';

function runAutocannon(options: autocannon.Options, onInstance: (i: autocannon.Instance) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) => (error ? reject(error) : resolve(result)));
    onInstance(instance);
  });
}

/**
 * HTTP closed loop through autocannon's programmatic API: `connections` sockets with concurrency / connections
 * requests pipelined on each. Latencies are taken from autocannon's per-response events into the shared
 * microsecond recorder (its own histogram keeps whole milliseconds); every body is checked with expectBody.
 */
export async function autocannonClosedLoop(spec: LoadLevelSpec, onWindow?: (edge: 'start' | 'end') => void): Promise<MeasuredWindow & { verified: boolean }> {
  const url = loadLevelUrl(spec);
  const expectBody = expectedJsonBody(spec.rows, levelShape(spec));
  const bodyBytes = Buffer.byteLength(expectBody);
  const pipelining = Math.max(1, Math.round(spec.concurrency / spec.connections));
  const base = { url, connections: spec.connections, pipelining, timeout: Math.max(1, Math.ceil(spec.timeoutMs / 1000)), expectBody };
  if (spec.warmupMs > 0) await runAutocannon({ ...base, duration: spec.warmupMs / 1000 }, () => undefined);

  onWindow?.('start');
  const windowStart = performance.now();
  const tally = new LevelTally(windowStart);
  let mismatches = 0;
  let lastCompletion = windowStart;
  const measured = spec.requests ? { amount: spec.requests } : { duration: spec.durationMs / 1000 };
  const result = await runAutocannon({ ...base, ...measured }, (instance) => {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const now = performance.now();
      lastCompletion = now;
      if (statusCode >= 200 && statusCode < 300) tally.succeeded(bodyBytes, responseTime, now);
      else tally.failed(`http-${statusCode}`, now);
    });
    instance.on('reqError', (error: Error) => tally.failedWith(error, performance.now()));
    // autocannon reports a mismatch after the response event: move that response from successes to errors.
    (instance as unknown as NodeJS.EventEmitter).on('reqMismatch', () => {
      mismatches++;
      tally.reclassifyAsMismatch(bodyBytes);
    });
  });
  onWindow?.('end');
  tally.setTimeouts(result.timeouts);
  const windowMs = spec.requests ? lastCompletion - windowStart : spec.durationMs;
  return { ...tally.result(windowMs, spec.requests ? 'requests' : 'duration'), verified: mismatches === 0 && tally.successCount > 0 };
}
