import { readPeakRss, resetPeakRss } from '@app/resources';

/** The process's peak resident set size since the last reset, where the system can tell it. */
export interface PeakRss {
  /** Starts a new peak at the current RSS; false when this system cannot. */
  reset(): boolean;
  /** Bytes since the last reset (or since the process began), or null when unknown. */
  read(): number | null;
}

/**
 * This process's peak through Linux's own high-water mark (VmHWM, reset by writing `5` to /proc/self/clear_refs), the
 * counter the engine and the servers' meter read too (@app/bootstrap). Chosen over sampling
 * process.memoryUsage.rss() on a timer because the phases measured are synchronous calls (one encode of 1,000,000
 * rows): a timer in the same thread never fires during them, and a sampling thread adds its own memory and still
 * misses a peak between two samples. The kernel counts every page.
 */
export function procPeakRss(): PeakRss {
  let resettable = true;
  return {
    reset() {
      // A kernel or container that refuses it once refuses it always: a peak would then span several phases, so none is
      // given.
      resettable &&= resetPeakRss('self');
      return resettable;
    },
    read: () => (resettable ? readPeakRss('self') : null),
  };
}
