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
 * Call when a process may have just gone idle after large work; `idle()` is asked again after RECLAIM_AFTER_IDLE_MS,
 * and only a process still idle then collects. Calls in between share the one timer.
 */
export function reclaimWhenIdle(idle: () => boolean): void {
  if (pending) return;
  pending = setTimeout(() => {
    pending = null;
    if (idle()) fullGc()?.();
  }, RECLAIM_AFTER_IDLE_MS);
  // A timer that keeps no process alive that would otherwise exit.
  pending.unref();
}

let pending: NodeJS.Timeout | null = null;
