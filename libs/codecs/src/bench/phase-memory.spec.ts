import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PhaseMemoryRecorder, type PhaseMemory } from './phase-memory';
import type { PeakRss } from './peak-rss';

const MB = 1024 * 1024;
// jest does not run node with --expose-gc: the flag set at run time, gc taken from a fresh context (V8's own way).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe('PhaseMemoryRecorder', () => {
  it('records a baseline and each phase with the reading, the increments over the phase before, and the peak', () => {
    const recorder = new PhaseMemoryRecorder({ gc });
    recorder.baseline('nothing');
    const kept = recorder.phase('allocated', 'a 64 MB buffer', () => Buffer.alloc(64 * MB, 1)); // filled: its pages are resident
    const [before, allocated] = recorder.phases;
    const keys: (keyof PhaseMemory)[] = ['phase', 'holds', 'rssBytes', 'heapUsedBytes', 'externalBytes', 'arrayBuffersBytes', 'peakRssBytes', 'rssIncrementBytes', 'heapUsedIncrementBytes', 'externalIncrementBytes', 'peakIncrementBytes', 'gcForced'];
    expect(Object.keys(allocated).sort()).toEqual([...keys].sort());
    expect(before).toMatchObject({ phase: 'before', holds: 'nothing', rssIncrementBytes: 0, heapUsedIncrementBytes: 0, externalIncrementBytes: 0, peakIncrementBytes: null, gcForced: true });
    expect(allocated).toMatchObject({ phase: 'allocated', holds: 'a 64 MB buffer', gcForced: true });
    expect(allocated.rssIncrementBytes).toBe(allocated.rssBytes - before.rssBytes);
    expect(allocated.heapUsedIncrementBytes).toBe(allocated.heapUsedBytes - before.heapUsedBytes);
    expect(allocated.externalIncrementBytes).toBe(allocated.externalBytes - before.externalBytes);
    // The buffer is alive at the reading: outside V8's heap, in ArrayBuffers, resident, and within the phase's peak.
    // (Less a few MB: other buffers of this process, the test runner's, may be freed between the two readings.)
    expect(allocated.externalIncrementBytes).toBeGreaterThanOrEqual(60 * MB);
    expect(allocated.arrayBuffersBytes - before.arrayBuffersBytes).toBeGreaterThanOrEqual(60 * MB);
    // (Not RSS over the baseline's reading: pages the collector gives back meanwhile lower it by an amount of its own.)
    // The kernel's counters lag by some MB (per-CPU batches), and the collection before the phase may return pages the
    // previous reading counted (34 MB once in CI): a quarter of the buffer is the bar, still far above a peak that missed it.
    expect(allocated.peakIncrementBytes!).toBeGreaterThan(16 * MB);
    expect(allocated.peakRssBytes!).toBeGreaterThanOrEqual(allocated.rssBytes - MB);
    expect(kept.length).toBe(64 * MB); // the phase hands back what its work returned
  });

  it('shows a released allocation as a negative increment once garbage is collected, and a peak that saw it', () => {
    const recorder = new PhaseMemoryRecorder({ gc });
    recorder.baseline('nothing');
    let held: Buffer | undefined = recorder.phase('allocated', 'a buffer', () => Buffer.alloc(64 * MB, 1));
    recorder.phase('released', 'nothing', () => (held = undefined));
    const phase = recorder.phase('spike', 'nothing: a buffer made and dropped inside the phase', () => void Buffer.alloc(64 * MB, 2));
    const [, , released] = recorder.phases;
    expect(held).toBeUndefined();
    expect(released.externalIncrementBytes).toBeLessThanOrEqual(-64 * MB);
    expect(phase).toBeUndefined();
    // Dropped before the reading, so only the peak shows it.
    const spike = recorder.phases[3];
    expect(spike.peakIncrementBytes!).toBeGreaterThan(16 * MB); // a quarter of it, as above
    expect(spike.externalIncrementBytes).toBeLessThan(8 * MB);
  });

  it('says when garbage was not collected, and gives no peak where the system cannot reset one', () => {
    const noReset: PeakRss = { reset: () => false, read: () => null };
    const recorder = new PhaseMemoryRecorder({ peak: noReset });
    recorder.baseline('nothing');
    recorder.phase('anything', 'nothing', () => 1);
    expect(recorder.phases.map((p) => [p.gcForced, p.peakRssBytes, p.peakIncrementBytes])).toEqual([
      [false, null, null],
      [false, null, null],
    ]);
  });

  it('refuses a phase before the baseline', () => {
    expect(() => new PhaseMemoryRecorder().phase('early', 'nothing', () => 1)).toThrow('take the baseline before the first phase');
  });
});
