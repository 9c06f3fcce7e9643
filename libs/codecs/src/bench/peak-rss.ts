import { readFileSync, writeFileSync } from 'node:fs';

/** The process's peak resident set size since the last reset, where the system can tell it. */
export interface PeakRss {
  /** Starts a new peak at the current RSS; false when this system cannot. */
  reset(): boolean;
  /** Bytes since the last reset (or since the process began), or null when unknown. */
  read(): number | null;
}

/**
 * Linux's own high-water mark: VmHWM in /proc/self/status, which writing `5` to /proc/self/clear_refs resets to the
 * current RSS (proc(5)). Chosen over sampling process.memoryUsage.rss() on a timer because the phases measured are
 * synchronous calls (one encode of 1,000,000 rows): a timer in the same thread never fires during them, and a
 * sampling thread adds its own memory and still misses a peak between two samples. The kernel counts every page.
 */
export function procPeakRss(): PeakRss {
  const read = (): number | null => {
    try {
      const kb = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
      return kb === undefined ? null : Number(kb) * 1024;
    } catch {
      return null; // not Linux: no per-phase peak (the readings still are)
    }
  };
  let resettable = true;
  return {
    reset() {
      if (!resettable) return false;
      try {
        writeFileSync('/proc/self/clear_refs', '5');
      } catch {
        resettable = false; // a kernel or container that refuses it: a peak would span several phases, so none is given
      }
      return resettable;
    },
    read: () => (resettable ? read() : null),
  };
}
