import { procPeakRss, type PeakRss } from './peak-rss';

/** process.memoryUsage() at one moment, the parts that say where a reply's memory is. */
export interface MemoryReading {
  rssBytes: number;
  /** V8's heap in use: JS objects and strings (a JSON reply is a string here). */
  heapUsedBytes: number;
  /** Memory outside V8's heap owned by JS objects, ArrayBuffers (Node Buffers, protobuf bytes) included. */
  externalBytes: number;
  /** The ArrayBuffers' part of externalBytes. */
  arrayBuffersBytes: number;
}

/** One phase of a reply's life: what is alive at its end, the reading then, and how it moved from the phase before. */
export interface PhaseMemory extends MemoryReading {
  phase: string;
  /** What the process holds at the end of the phase, in words. */
  holds: string;
  /** The highest RSS during the phase (the baseline: since the process began); null when the system cannot say. */
  peakRssBytes: number | null;
  /** This reading minus the previous phase's (0 for the baseline). */
  rssIncrementBytes: number;
  heapUsedIncrementBytes: number;
  externalIncrementBytes: number;
  /** The peak minus the RSS when the phase began: what the phase needed at most on top of what it started with. */
  peakIncrementBytes: number | null;
  /** Whether garbage was collected before the reading (node --expose-gc); if not, the reading includes garbage. */
  gcForced: boolean;
}

export interface PhaseMemoryOptions {
  /** global.gc under --expose-gc; absent: readings are taken whenever V8 last collected. */
  gc?: () => void;
  peak?: PeakRss;
}

const reading = (): MemoryReading => {
  const usage = process.memoryUsage();
  return {
    rssBytes: usage.rss,
    heapUsedBytes: usage.heapUsed,
    externalBytes: usage.external,
    arrayBuffersBytes: usage.arrayBuffers,
  };
};

/**
 * Records memory at the boundaries of phases run one after the other: a baseline, then for each phase its peak (the
 * kernel's high-water mark, reset when the phase begins) and a reading at its end, after collecting the garbage when
 * node allows it. Only the phases' own work runs between reset and reading: no timing happens here.
 */
export class PhaseMemoryRecorder {
  readonly phases: PhaseMemory[] = [];
  private readonly peak: PeakRss;

  constructor(private readonly options: PhaseMemoryOptions = {}) {
    this.peak = options.peak ?? procPeakRss();
  }

  /** The reading before any phase; its peak is the process's so far (start-up, loading the code). */
  baseline(holds: string): PhaseMemory {
    return this.record('before', holds, this.settle(), this.peak.read());
  }

  /** Runs `work` as the phase `name` and records it; returns what `work` returned (what the phase keeps alive). */
  phase<T>(name: string, holds: string, work: () => T): T {
    if (this.phases.length === 0) throw new Error('PhaseMemoryRecorder: take the baseline before the first phase');
    const canPeak = this.peak.reset();
    // Not the previous reading: V8's helper threads may have given pages back since, and the peak starts from here.
    const startRss = process.memoryUsage.rss();
    const result = work();
    const peak = canPeak ? this.peak.read() : null;
    this.record(name, holds, this.settle(), peak, startRss);
    return result;
  }

  private settle(): MemoryReading {
    // Twice: V8 frees a dead ArrayBuffer's memory in one collection and lowers `external` only in the next.
    this.options.gc?.();
    this.options.gc?.();
    return reading();
  }

  private record(
    phase: string,
    holds: string,
    now: MemoryReading,
    peakRssBytes: number | null,
    startRss?: number,
  ): PhaseMemory {
    const previous = this.phases.at(-1) ?? now;
    const entry: PhaseMemory = {
      phase,
      holds,
      ...now,
      peakRssBytes,
      rssIncrementBytes: now.rssBytes - previous.rssBytes,
      heapUsedIncrementBytes: now.heapUsedBytes - previous.heapUsedBytes,
      externalIncrementBytes: now.externalBytes - previous.externalBytes,
      peakIncrementBytes: peakRssBytes === null || startRss === undefined ? null : peakRssBytes - startRss,
      gcForced: this.options.gc !== undefined,
    };
    this.phases.push(entry);
    return entry;
  }
}
