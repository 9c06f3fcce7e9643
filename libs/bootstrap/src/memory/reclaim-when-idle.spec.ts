import { RECLAIM_AFTER_IDLE_MS, RECLAIM_AGAIN_MS, reclaimWhenIdle } from './reclaim-when-idle';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reclaimWhenIdle', () => {
  it('runs a full collection once the process is still idle after the delay', async () => {
    // 8 MB in V8's large-object space: only a full collection frees it, and nothing here allocates enough to prompt one.
    let garbage: number[] | null = new Array(1_000_000).fill(1);
    const ref = new WeakRef(garbage);
    garbage = null;
    reclaimWhenIdle(() => true);
    await sleep(RECLAIM_AFTER_IDLE_MS + 300);
    expect(garbage).toBeNull();
    expect(ref.deref()).toBeUndefined();
  });

  it('does not collect when the process is busy again by then', async () => {
    let asked = 0;
    reclaimWhenIdle(() => (asked++, false));
    // A second call while one is pending shares its timer.
    reclaimWhenIdle(() => (asked++, false));
    await sleep(RECLAIM_AFTER_IDLE_MS + 300);
    expect(asked).toBe(1);
  });

  it('collects again later in the same idle spell, for what a connection was still writing at the first', () => {
    jest.useFakeTimers();
    try {
      let asked = 0;
      reclaimWhenIdle(() => (asked++, true));
      jest.advanceTimersByTime(RECLAIM_AFTER_IDLE_MS);
      expect(asked).toBe(1);
      jest.advanceTimersByTime(RECLAIM_AGAIN_MS[0] - RECLAIM_AFTER_IDLE_MS);
      expect(asked).toBe(2);
      jest.advanceTimersByTime(RECLAIM_AGAIN_MS[1] - RECLAIM_AGAIN_MS[0]);
      expect(asked).toBe(3);
      jest.advanceTimersByTime(60_000);
      expect(asked).toBe(3);
      // Busy again: the series stops; new work that ends starts it over.
      let busy = 0;
      reclaimWhenIdle(() => (busy++, false));
      jest.advanceTimersByTime(60_000);
      expect(busy).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
