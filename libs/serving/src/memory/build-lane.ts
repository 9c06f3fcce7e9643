import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Resolves once the event loop has been through its next poll phase, so I/O that had already arrived when a request
 * was parsed (its client's FIN or RST, seen one poll later) has been read; then a caller who left can be told apart.
 */
export async function afterPendingIo(): Promise<void> {
  await nextTurn();
  await nextTurn();
}

/**
 * Large replies are built one at a time, each after the event loop has read the I/O that arrived meanwhile, and only
 * if their caller is still there. Building is synchronous CPU work on the one thread either way, so taking turns
 * costs nothing; what it buys is that a caller who hangs up while sixteen of its replies wait is seen before each of
 * them is built (checked once up front, all sixteen were built back to back, seconds after the caller had gone).
 */
export class BuildLane {
  private tail: Promise<void> = Promise.resolve();

  /**
   * `build()` after every earlier one (an async build, which checks `gone()` between its pieces, holds the lane until
   * it settles), or null (not built) when `gone()` says its caller left meanwhile.
   */
  run<T>(gone: () => boolean, build: () => T | Promise<T>): Promise<T | null> {
    const turn = this.tail.then(async () => {
      await afterPendingIo();
      return gone() ? null : build();
    });
    // The next waits for this one whether it built, skipped or threw; and the lane keeps nothing of what it built (a
    // tail that resolved to the last reply held 700 MB of rows until the next large one came).
    const settled = () => undefined;
    this.tail = turn.then(settled, settled);
    return turn;
  }
}
