import type { PhaseMemoryMeasurement } from './measure-phase-memory';

const MB = 1024 * 1024;
const mb = (bytes: number) => (bytes / MB).toFixed(0);
const signed = (bytes: number) => `${bytes >= 0 ? '+' : '−'}${mb(Math.abs(bytes))}`;

/**
 * The per-phase memory of each serializer as one Markdown table (what docs/serializers.md and the README show): per
 * phase, what is alive, RSS and its increment over the phase before, the phase's peak RSS and its increment, V8's heap
 * in use and memory outside it (ArrayBuffers: the bytes of a protobuf reply). MB are MiB (2^20 bytes).
 */
export function phaseMemoryTable(measurements: readonly PhaseMemoryMeasurement[]): string {
  const header = [
    'serializer',
    'phase',
    'holds',
    'RSS MB',
    'Δ RSS',
    'peak RSS MB',
    'Δ peak',
    'heapUsed MB',
    'Δ heap',
    'external MB',
    'of it ArrayBuffers MB',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((h, k) => (k < 3 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const m of measurements) {
    for (const p of m.phases) {
      const cells = [
        m.codec,
        p.phase,
        p.holds,
        mb(p.rssBytes),
        signed(p.rssIncrementBytes),
        p.peakRssBytes === null ? 'n/a' : mb(p.peakRssBytes),
        p.peakIncrementBytes === null ? '' : signed(p.peakIncrementBytes),
        mb(p.heapUsedBytes),
        signed(p.heapUsedIncrementBytes),
        mb(p.externalBytes),
        mb(p.arrayBuffersBytes),
      ];
      lines.push(`| ${cells.join(' | ')} |`);
    }
  }
  return lines.join('\n');
}

/**
 * The sentence that says how the readings were taken: whether garbage was collected first, and where peaks come from.
 */
export function phaseMemoryNote(measurements: readonly PhaseMemoryMeasurement[]): string {
  const forced = measurements.every((m) => m.gcForced);
  const gc = forced
    ? 'garbage collected before each reading (node --expose-gc), so a reading is what the phase keeps alive'
    : 'garbage NOT collected before the readings (node without --expose-gc): a reading includes whatever ' +
      'garbage V8 had not yet collected, and depends on its timing';
  const peaks = measurements.some((m) => m.phases.some((p) => p.peakRssBytes !== null))
    ? "peak RSS is the kernel's high-water mark (VmHWM), reset at the start of each phase"
    : 'no per-phase peak: this system does not let /proc/self/clear_refs reset the high-water mark';
  return (
    `Each serializer alone in a fresh process, nothing timed; ` +
    `${gc}; ${peaks}. Δ: the change from the phase before.`
  );
}
