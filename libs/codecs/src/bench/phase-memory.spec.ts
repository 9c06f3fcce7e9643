import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PhaseMemoryRecorder, type PhaseMemory } from './phase-memory';
import type { PeakRss } from './peak-rss';

const MB = 1024 * 1024;

interface ChildReadings {
  kept: PhaseMemory[];
  keptLength: number;
  released: PhaseMemory[];
  heldAfter: number | null;
  spikeReturned: unknown;
}

/**
 * The readings in a node process of its own (fixtures/phase-memory.child.ts, through ts-node, with --expose-gc): in
 * jest's worker the process also holds what earlier test files left and frees it when V8 will, which moved these
 * readings by tens of MB in CI.
 */
let cached: ChildReadings | undefined;
function readInChild(): ChildReadings {
  // One process gives both tests' readings: its two recorders run one after the other, each from its own baseline.
  if (cached) return cached;
  const child = spawnSync(
    process.execPath,
    [
      '--expose-gc',
      '-r',
      'ts-node/register/transpile-only',
      '-r',
      'tsconfig-paths/register',
      join(__dirname, 'fixtures', 'phase-memory.child.ts'),
    ],
    // From the project root, where tsconfig-paths finds tsconfig.json's @app/* paths.
    {
      cwd: join(__dirname, '..', '..', '..', '..'),
      encoding: 'utf8',
      timeout: 120_000,
      env: { ...process.env, NODE_OPTIONS: '' },
    },
  );
  if (child.status !== 0)
    throw new Error(`the measuring process failed (${child.status ?? child.signal}): ${child.stderr}`);
  cached = JSON.parse(child.stdout) as ChildReadings;
  return cached;
}

describe('PhaseMemoryRecorder', () => {
  it('records a baseline and each phase with the reading, the increments over the phase before, and the peak', () => {
    const readings = readInChild();
    const [before, allocated] = readings.kept;
    const keys: (keyof PhaseMemory)[] = [
      'phase',
      'holds',
      'rssBytes',
      'heapUsedBytes',
      'externalBytes',
      'arrayBuffersBytes',
      'peakRssBytes',
      'rssIncrementBytes',
      'heapUsedIncrementBytes',
      'externalIncrementBytes',
      'peakIncrementBytes',
      'gcForced',
    ];
    expect(Object.keys(allocated).sort()).toEqual([...keys].sort());
    expect(before).toMatchObject({
      phase: 'before',
      holds: 'nothing',
      rssIncrementBytes: 0,
      heapUsedIncrementBytes: 0,
      externalIncrementBytes: 0,
      peakIncrementBytes: null,
      gcForced: true,
    });
    expect(allocated).toMatchObject({ phase: 'allocated', holds: 'a 64 MB buffer', gcForced: true });
    expect(allocated.rssIncrementBytes).toBe(allocated.rssBytes - before.rssBytes);
    expect(allocated.heapUsedIncrementBytes).toBe(allocated.heapUsedBytes - before.heapUsedBytes);
    expect(allocated.externalIncrementBytes).toBe(allocated.externalBytes - before.externalBytes);
    // The buffer is alive at the reading: outside V8's heap, in ArrayBuffers, resident, and within the phase's peak.
    expect(allocated.externalIncrementBytes).toBeGreaterThanOrEqual(60 * MB);
    expect(allocated.arrayBuffersBytes - before.arrayBuffersBytes).toBeGreaterThanOrEqual(60 * MB);
    // (Not RSS over the baseline's reading: pages the collector gives back meanwhile lower it by an amount of its own.)
    // The kernel's counters lag by some MB (per-CPU batches), and the collection before the phase may return pages the
    // previous reading counted (34 MB once in CI): a quarter of the buffer is the bar, still far above a peak that
    // missed it.
    expect(allocated.peakIncrementBytes!).toBeGreaterThan(16 * MB);
    expect(allocated.peakRssBytes!).toBeGreaterThanOrEqual(allocated.rssBytes - MB);
    expect(readings.keptLength).toBe(64 * MB); // the phase hands back what its work returned
  });

  it('shows a released allocation as a negative increment once garbage is collected, and a peak that saw it', () => {
    const readings = readInChild();
    const [, , released, spike] = readings.released;
    expect(readings.heldAfter).toBeNull();
    expect(released.externalIncrementBytes).toBeLessThanOrEqual(-64 * MB);
    expect(readings.spikeReturned).toBeNull();
    // Dropped before the reading, so only the peak shows it.
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
    expect(() => new PhaseMemoryRecorder().phase('early', 'nothing', () => 1)).toThrow(
      'take the baseline before the first phase',
    );
  });
});
