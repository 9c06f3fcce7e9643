/**
 * Ctrl-C / SIGTERM during a run: the first one asks the run to stop after saving what finished (and calls
 * `onStop`, e.g. to abort a request in flight); a second one exits at once.
 */
export function stopOnSignal(
  note: (message: string) => void,
  when: string,
  onStop: () => void = () => undefined,
): { readonly stopped: boolean; dispose(): void } {
  let stopped = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopped) process.exit(130);
    stopped = true;
    note(`${signal}: stopping ${when}; what finished is saved`);
    onStop();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    get stopped() {
      return stopped;
    },
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
