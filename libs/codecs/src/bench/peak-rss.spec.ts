import { procPeakRss } from './peak-rss';

const MB = 1024 * 1024;

describe('procPeakRss (Linux: VmHWM, reset through /proc/self/clear_refs)', () => {
  it('resets the peak to the current RSS, then rises with an allocation and stays after it is gone', () => {
    const peak = procPeakRss();
    expect(peak.reset()).toBe(true); // this machine's kernel allows it; the docs' figures depend on that
    const start = process.memoryUsage.rss();
    expect(peak.read()! - start).toBeLessThan(16 * MB);
    let buffer: Buffer | undefined = Buffer.alloc(96 * MB, 1);
    const during = process.memoryUsage.rss();
    buffer = undefined;
    expect(buffer).toBeUndefined();
    expect(peak.read()!).toBeGreaterThanOrEqual(during - MB); // the kernel's counters lag the process's reading by up to some pages
    expect(peak.read()! - start).toBeGreaterThan(48 * MB); // of 96: the kernel's counters lag by some MB
  });
});
