import { RECLAIM_AFTER_IDLE_MS, reclaimWhenIdle } from './reclaim-when-idle';

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
});
