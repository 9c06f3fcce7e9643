import autocannon from 'autocannon';
import { performance } from 'node:perf_hooks';
import { exactBodyWatch } from './exact-body-watch';
import type { HttpLevelRequest } from './http-level-request.interface';
import { LevelTally } from './level-tally';
import type { LoadLevelSpec, MeasuredWindow } from './load-level.interface';

function runAutocannon(
  options: autocannon.Options,
  onInstance: (i: autocannon.Instance) => void,
): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: Error | null, result: autocannon.Result) =>
      error ? reject(error) : resolve(result),
    );
    onInstance(instance);
  });
}

/**
 * HTTP closed loop through autocannon's programmatic API: `connections` sockets with concurrency / connections
 * requests pipelined on each, all sending the level's one request (a JSON GET, a Connect POST). Latencies are taken
 * from autocannon's per-response events into the shared microsecond recorder (its own histogram keeps whole
 * milliseconds); every body is compared with the expected bytes (exactBodyWatch).
 */
export async function autocannonClosedLoop(
  spec: LoadLevelSpec,
  call: HttpLevelRequest,
  onWindow?: (edge: 'start' | 'end') => void,
): Promise<MeasuredWindow & { verified: boolean }> {
  const bodyBytes = call.expected.length;
  const pipelining = Math.max(1, Math.round(spec.concurrency / spec.connections));
  const base: autocannon.Options = {
    url: call.url,
    method: call.method,
    headers: call.headers,
    ...(call.body ? { body: call.body } : {}),
    connections: spec.connections,
    pipelining,
    timeout: Math.max(1, Math.ceil(spec.timeoutMs / 1000)),
  };
  if (spec.warmupMs > 0) await runAutocannon({ ...base, duration: spec.warmupMs / 1000 }, () => undefined);

  onWindow?.('start');
  const windowStart = performance.now();
  const tally = new LevelTally(windowStart);
  let mismatches = 0;
  let lastCompletion = windowStart;
  const measured = spec.requests ? { amount: spec.requests } : { duration: spec.durationMs / 1000 };
  // The watch runs after autocannon's 'response' event for the same reply: move that response from successes to errors.
  // autocannon's typings leave out the client's parser, which the watch reads.
  const setupClient = exactBodyWatch(call.expected, () => {
    mismatches++;
    tally.reclassifyAsMismatch(bodyBytes);
  }) as unknown as autocannon.Options['setupClient'];
  const result = await runAutocannon({ ...base, ...measured, setupClient }, (instance) => {
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      const now = performance.now();
      lastCompletion = now;
      if (statusCode >= 200 && statusCode < 300) tally.succeeded(bodyBytes, responseTime, now);
      else tally.failed(`http-${statusCode}`, now);
    });
    instance.on('reqError', (error: Error) => tally.failedWith(error, performance.now()));
  });
  onWindow?.('end');
  tally.setTimeouts(result.timeouts);
  const windowMs = spec.requests ? lastCompletion - windowStart : spec.durationMs;
  return {
    ...tally.result(windowMs, spec.requests ? 'requests' : 'duration'),
    verified: mismatches === 0 && tally.successCount > 0,
  };
}
