import { procPeakRss } from './peak-rss';

const MB = 1024 * 1024;

describe('procPeakRss (Linux: VmHWM, reset through /proc/self/clear_refs)', () => {
  it('resets the peak to the current RSS, then rises with an allocation and stays after it is gone', () => {
    const peak = procPeakRss();
    expect(peak.reset()).toBe(true); // this machine's kernel allows it; the docs' figures depend on that
    const start = process.memoryUsage.rss();
    expect(peak.read()! - start).toBeLessThan(16 * MB);
    // Pages the jest worker already holds (an earlier spec's freed buffers) are reused without raising RSS (CI once saw
    // 0.3 MB for 96 MB): allocate, at most 8 times, until RSS has really risen, so the peak has something to keep.
    const held: Buffer[] = [];
    let during = start;
    for (let i = 0; i < 8 && during - start < 64 * MB; i++) {
      held.push(Buffer.alloc(96 * MB, 1));
      during = process.memoryUsage.rss();
    }
    expect(during - start).toBeGreaterThan(64 * MB);
    held.length = 0;
    expect(held).toEqual([]);
    // the kernel's counters lag the process's reading by up to some pages
    expect(peak.read()!).toBeGreaterThanOrEqual(during - MB);
    expect(peak.read()! - start).toBeGreaterThan(48 * MB); // of 96: the kernel's counters lag by some MB
  });
});
