import { performance } from 'node:perf_hooks';
import type { Fire } from './fire.interface';
import { LevelTally } from './level-tally';
import type { MeasuredWindow } from './load-level.interface';

export interface OpenLoopOptions {
  rate: number;
  /** Requests in flight above which a due request is not sent but counted as a client-overload error. */
  maxInFlight: number;
  warmupMs: number;
  durationMs: number;
  requests?: number;
  fire: Fire;
  /** Told when the measured window starts and ends, so server CPU can be read over the same window. */
  onWindow?: (edge: 'start' | 'end') => void;
}

/**
 * Requests on a fixed schedule (request i is due at start + i / rate), whatever the server does; latency counts
 * from the intended send time, so a server that falls behind shows its queue instead of hiding it
 * (no coordinated omission). In-flight requests are capped so a stalled server cannot exhaust memory.
 */
export async function driveOpenLoop(o: OpenLoopOptions): Promise<MeasuredWindow> {
  const begin = performance.now();
  const windowStart = begin + o.warmupMs;
  const total =
    o.requests !== undefined
      ? Math.ceil((o.warmupMs / 1000) * o.rate) + o.requests
      : Math.ceil(((o.warmupMs + o.durationMs) / 1000) * o.rate);
  const intervalMs = 1000 / o.rate;
  const hardStop = begin + o.warmupMs + (o.requests ? (o.requests / o.rate) * 1000 : o.durationMs) * 2 + 10_000;
  const tally = new LevelTally(windowStart);
  let inFlight = 0;
  let lastCompletion = windowStart;
  const pending = new Set<Promise<void>>();
  const startTimer = setTimeout(() => o.onWindow?.('start'), o.warmupMs);

  const send = (i: number, intended: number) => {
    const inWindow = intended >= windowStart;
    if (inFlight >= o.maxInFlight) {
      if (inWindow) tally.failed('client-overload');
      return;
    }
    inFlight++;
    const p = o.fire(i).then(
      (bytes) => {
        const done = performance.now();
        if (inWindow) {
          tally.succeeded(bytes, done - intended, done);
          lastCompletion = done;
        }
      },
      (error) => {
        const done = performance.now();
        if (inWindow) {
          tally.failedWith(error, done);
          lastCompletion = done;
        }
      },
    );
    const tracked = p.finally(() => {
      inFlight--;
      pending.delete(tracked);
    });
    pending.add(tracked);
  };

  let next = 0;
  while (next < total && performance.now() < hardStop) {
    const now = performance.now();
    // Send everything that is due; a late timer sends a burst, each request still timed from its due time.
    while (next < total && begin + next * intervalMs <= now) {
      send(next, begin + next * intervalMs);
      next++;
    }
    const wait = begin + next * intervalMs - performance.now();
    await new Promise((r) => (wait > 1 ? setTimeout(r, Math.min(wait, 50)) : setImmediate(r)));
  }
  let giveUp: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.all(pending),
    new Promise((r) => (giveUp = setTimeout(r, Math.max(0, hardStop - performance.now())))),
  ]);
  clearTimeout(giveUp);
  clearTimeout(startTimer);
  o.onWindow?.('end');
  const windowMs = (o.requests ? lastCompletion : windowStart + o.durationMs) - windowStart;
  return tally.result(windowMs, o.requests ? 'requests' : 'duration');
}
