import type { Shape } from '@app/shapes';
import { benchCodecs, verifyBenchRun, type BenchCodec } from './bench-codec';

/** What one measurement of one serializer on one shape gives: raw times (ms) of each timed run, and memory. */
export interface CodecMeasurement {
  shape: string;
  family: 'protobuf' | 'json';
  codec: string;
  rows: number;
  encodedBytes: number;
  encodeMs: number[];
  decodeMs: number[];
  /** Resident set size once the rows were generated and prepared, before the first encode. */
  rssBeforeBytes: number;
  /**
   * The process's peak resident set size until the first reply was verified: with several serializers interleaved,
   * the peak of them all up to the last round's first verification (one serializer's own, phase by phase:
   * measure-phase-memory.ts).
   */
  peakRssBytes: number;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function timed<T>(work: () => T): [T, number] {
  gc(); // collect the previous run's garbage outside the clock
  const start = process.hrtime.bigint();
  const result = work();
  return [result, Number(process.hrtime.bigint() - start) / 1e6];
}

interface Lane {
  codec: BenchCodec;
  prepared: unknown;
  encodeMs: number[];
  decodeMs: number[];
  encodedBytes: number;
}

/**
 * Generates `rows` rows of the shape once, prepares them for each serializer (untimed: the generate side's
 * conversion), then `warmup` rounds that are thrown away and `runs` timed rounds. A round runs every serializer in
 * turn (interleaved, so drift of a shared machine hits them alike): an encode timed alone, then a decode of its bytes
 * timed alone. Each serializer's last reply is verified after its clock, then let go, so that only one reply and its
 * decoded rows are alive at a time (1,000,000 rows of six serializers would not fit one heap together).
 */
export function measureCodecs(
  shape: Shape,
  codecNames: readonly string[],
  rows: number,
  runs: number,
  warmup: number,
): CodecMeasurement[] {
  const all = benchCodecs(shape);
  const generated = shape.rows(rows);
  const lanes: Lane[] = codecNames.map((name) => {
    const codec = all.find((c) => c.name === name);
    if (!codec) throw new Error(`unknown serializer ${name}: valid ones are ${all.map((c) => c.name).join(', ')}`);
    return { codec, prepared: codec.prepare(generated), encodeMs: [], decodeMs: [], encodedBytes: 0 };
  });
  const rssBeforeBytes = process.memoryUsage().rss;
  // Read before the first verification, which builds the reference reply and checksums: memory the measured work
  // did not use. (RSS only grows in this counter, so once a verification ran, later peaks include it.)
  let peakRssBytes = 0;
  for (let round = 0; round < warmup + runs; round++) {
    for (const lane of lanes) {
      const [encoded, encodeMs] = timed(() => lane.codec.encode(lane.prepared));
      const [decoded, decodeMs] = timed(() => lane.codec.decode(encoded));
      if (round < warmup) continue;
      lane.encodeMs.push(encodeMs);
      lane.decodeMs.push(decodeMs);
      if (round === warmup + runs - 1) {
        peakRssBytes ||= process.resourceUsage().maxRSS * 1024;
        verifyBenchRun(shape, lane.codec, generated, encoded, decoded);
      }
      lane.encodedBytes = typeof encoded === 'string' ? Buffer.byteLength(encoded) : encoded.byteLength;
    }
  }
  return lanes.map(({ codec, encodeMs, decodeMs, encodedBytes }) => ({
    shape: shape.name,
    family: codec.family,
    codec: codec.name,
    rows,
    encodedBytes,
    encodeMs,
    decodeMs,
    rssBeforeBytes,
    peakRssBytes,
  }));
}
