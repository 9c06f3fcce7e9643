import { performance } from 'node:perf_hooks';
import type { Fire } from './fire.interface';
import { LevelTally } from './level-tally';
import type { MeasuredWindow } from './load-level.interface';

export interface ClosedLoopOptions {
  concurrency: number;
  warmupMs: number;
  durationMs: number;
  requests?: number;
  fire: Fire;
  /** Told when the measured window starts and ends, so server CPU can be read over the same window. */
  onWindow?: (edge: 'start' | 'end') => void;
}

/**
 * `concurrency` callers, each sending its next request when the previous one completes (ghz's and autocannon's
 * model). Warm-up completions are not counted. Bounded twice: by the window (or request count) and by a hard
 * stop at twice the window, so a server that stops answering cannot hang the run.
 */
export async function driveClosedLoop(o: ClosedLoopOptions): Promise<MeasuredWindow> {
  const begin = performance.now();
  const windowStart = begin + o.warmupMs;
  const windowEnd = o.requests ? Infinity : windowStart + o.durationMs;
  const hardStop = windowStart + (o.requests ? 600_000 : 2 * o.durationMs + 10_000);
  const tally = new LevelTally(windowStart);
  let issuedInWindow = 0;
  const startTimer = setTimeout(() => o.onWindow?.('start'), o.warmupMs);
  let lastCompletion = windowStart;

  const caller = async (id: number) => {
    for (;;) {
      const sent = performance.now();
      if (sent >= windowEnd || sent >= hardStop) return;
      if (o.requests && sent >= windowStart && issuedInWindow >= o.requests) return;
      const inWindow = sent >= windowStart;
      if (inWindow) issuedInWindow++;
      try {
        const bytes = await o.fire(id);
        const done = performance.now();
        if (inWindow) {
          tally.succeeded(bytes, done - sent, done);
          lastCompletion = done;
        }
      } catch (error) {
        const done = performance.now();
        if (inWindow) {
          tally.failedWith(error, done);
          lastCompletion = done;
        }
        // A refused connection fails in microseconds; yield so a dead server does not spin the loop.
        await new Promise((r) => setImmediate(r));
      }
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, (_, i) => caller(i)));
  clearTimeout(startTimer);
  o.onWindow?.('end');
  const windowMs = (o.requests ? lastCompletion : Math.min(performance.now(), windowEnd)) - windowStart;
  return tally.result(windowMs, o.requests ? 'requests' : 'duration');
}
