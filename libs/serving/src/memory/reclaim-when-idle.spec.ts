import { RECLAIM_AFTER_IDLE_MS, RECLAIM_AGAIN_MS, RECLAIM_BUSY_TRIES, reclaimWhenIdle } from './reclaim-when-idle';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('reclaimWhenIdle', () => {
  it('runs a full collection once the process is still idle after the delay', async () => {
    // 8 MB in V8's large-object space: only a full collection frees it, and nothing here allocates enough to prompt
    // one.
    let garbage: number[] | null = new Array(1_000_000).fill(1);
    const ref = new WeakRef(garbage);
    garbage = null;
    reclaimWhenIdle(() => true);
    await sleep(RECLAIM_AFTER_IDLE_MS + 300);
    expect(garbage).toBeNull();
    expect(ref.deref()).toBeUndefined();
  });

  it('does not collect while the process is busy, and asks again a second later until it is idle', () => {
    jest.useFakeTimers();
    try {
      let asked = 0;
      let busyFor = 3;
      let collectedAt = -1;
      reclaimWhenIdle(() => (asked++, busyFor-- > 0 ? false : ((collectedAt = asked), true)));
      // A second call while one is pending shares its timer.
      reclaimWhenIdle(() => ((asked += 100), false));
      jest.advanceTimersByTime(RECLAIM_AFTER_IDLE_MS);
      expect(asked).toBe(1);
      // A small call in flight at the check used to end the series for good, its garbage kept.
      jest.advanceTimersByTime(3 * RECLAIM_AFTER_IDLE_MS);
      expect(collectedAt).toBe(4);
      jest.advanceTimersByTime(60_000);
    } finally {
      jest.useRealTimers();
    }
  });

  it('gives up on a process that stays busy, after RECLAIM_BUSY_TRIES checks a second apart', () => {
    jest.useFakeTimers();
    try {
      let asked = 0;
      reclaimWhenIdle(() => (asked++, false));
      jest.advanceTimersByTime(RECLAIM_AFTER_IDLE_MS * (RECLAIM_BUSY_TRIES + 10));
      expect(asked).toBe(RECLAIM_BUSY_TRIES);
    } finally {
      jest.useRealTimers();
    }
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
      // New work that ends starts it over.
      let again = 0;
      reclaimWhenIdle(() => (again++, true));
      jest.advanceTimersByTime(RECLAIM_AFTER_IDLE_MS);
      expect(again).toBe(1);
      jest.advanceTimersByTime(60_000);
      expect(again).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });
});
