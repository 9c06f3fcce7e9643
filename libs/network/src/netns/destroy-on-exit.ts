/** Something with a synchronous, idempotent clean-up. */
export interface Destroyable {
  destroySync(): void;
}

const live = new Set<Destroyable>();
const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/**
 * Namespaces and veths outlive the process that made them, so each live topology is removed when the process
 * exits, also on Ctrl-C. A signal that another listener handles (e.g. the bench CLI's "stop after saving") is left
 * to it, since its shutdown ends in 'exit' anyway; when we are the only listener, we clean up and die of the signal
 * as the process would have without us.
 */
export function destroyOnExit(item: Destroyable): void {
  if (live.size === 0) {
    process.on('exit', destroyAll);
    for (const signal of SIGNALS) process.on(signal, onSignal);
  }
  live.add(item);
}

/** The item was destroyed by its owner; the hooks go when nothing is left to clean. */
export function forgetOnExit(item: Destroyable): void {
  if (!live.delete(item) || live.size > 0) return;
  process.off('exit', destroyAll);
  for (const signal of SIGNALS) process.off(signal, onSignal);
}

function destroyAll(): void {
  for (const item of [...live]) {
    try {
      item.destroySync();
    } catch {
      // Exiting anyway; the next `leftoverNetworkObjects()` shows what could not be removed.
    }
  }
}

function onSignal(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  destroyAll();
  process.off(signal, onSignal);
  process.kill(process.pid, signal);
}
