import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection once a process that held large replies has gone idle. V8 collects when it allocates, not
 * when it idles: a server that built three replies of 1,000,000 rows sat at 1.7 GB RSS for as long as nothing else
 * came, and the soak probe found every server above 1 GB 30 s after its load stopped. One collection then (13 ms for
 * that heap) gives it back: 118 MiB a second later.
 */
let collect: (() => void) | null | undefined;

function fullGc(): (() => void) | null {
  if (collect === undefined) {
    try {
      // The documented way to reach gc() without starting node with --expose-gc: the flag, then a fresh context.
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as () => void;
    } catch {
      collect = null;
    }
  }
  return collect;
}

/** How long a process must stay idle before it collects: long enough not to collect between a run's requests. */
export const RECLAIM_AFTER_IDLE_MS = 1000;

/**
 * Later collections of the same idle spell, after the first. A reply's reservation is given back when the reply is
 * handed to its connection, but a slow reader may still be taking it: what it held becomes garbage only when that
 * write ends, and nothing marks that moment. The bare Connect server, after a burst of ten 1,000,000-row JSON calls,
 * sometimes kept 425-2,029 MiB for good where one collection a few seconds later gives back all but ~35-75 MiB.
 */
export const RECLAIM_AGAIN_MS: readonly number[] = [5_000, 20_000];

/**
 * How often a collection that found the process busy asks again, one RECLAIM_AFTER_IDLE_MS apart, before the series
 * gives up (a minute). Giving up at once left the garbage for good: a small call in flight at the moment of the check
 * (the soak's, or a client's health check) ended the series, and its own release owed nothing, so nothing started it
 * again (the bare Connect server kept 382 MiB after the soak's load stopped, 2026-11-28).
 */
export const RECLAIM_BUSY_TRIES = 60;

/**
 * Call when a process may have just gone idle after large work; `idle()` is asked again after RECLAIM_AFTER_IDLE_MS,
 * and only a process still idle then collects, and again at each of RECLAIM_AGAIN_MS while it stays idle. A check
 * that finds it busy asks again RECLAIM_AFTER_IDLE_MS later, at most RECLAIM_BUSY_TRIES times. Calls in between
 * share the one timer; a call after the first collection starts the series again.
 */
export function reclaimWhenIdle(idle: () => boolean): void {
  if (pending && step === 0) return;
  if (pending) clearTimeout(pending);
  schedule(idle, 0);
}

const DELAYS = [RECLAIM_AFTER_IDLE_MS, ...RECLAIM_AGAIN_MS];
let pending: NodeJS.Timeout | null = null;
let step = 0;

/** `busyTries`: checks of this step that found the process busy so far. */
function schedule(idle: () => boolean, at: number, busyTries = 0): void {
  step = at;
  const wait = busyTries > 0 ? RECLAIM_AFTER_IDLE_MS : DELAYS[at] - (at === 0 ? 0 : DELAYS[at - 1]);
  pending = setTimeout(() => {
    pending = null;
    if (!idle()) {
      if (busyTries + 1 < RECLAIM_BUSY_TRIES) schedule(idle, at, busyTries + 1);
      return;
    }
    fullGc()?.();
    if (at + 1 < DELAYS.length) schedule(idle, at + 1);
  }, wait);
  // A timer that keeps no process alive that would otherwise exit.
  pending.unref();
}
