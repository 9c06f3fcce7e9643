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
  /** The process's peak resident set size: this codec's own only when it was measured alone in its process. */
  peakRssBytes: number;
  /** Whether the process measured this codec alone (then peakRssBytes is its own). */
  alone: boolean;
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
  encoded?: Uint8Array | string;
  decoded?: unknown;
}

/**
 * Generates `rows` rows of the shape once, prepares them for each serializer (untimed: the generate side's
 * conversion), then `warmup` rounds that are thrown away and `runs` timed rounds. A round runs every serializer in
 * turn (interleaved, so drift of a shared machine hits them alike): an encode timed alone, then a decode of its bytes
 * timed alone. The last round's bytes and rows of each are verified after the clock.
 */
export function measureCodecs(shape: Shape, codecNames: readonly string[], rows: number, runs: number, warmup: number): CodecMeasurement[] {
  const all = benchCodecs(shape);
  const generated = shape.rows(rows);
  const lanes: Lane[] = codecNames.map((name) => {
    const codec = all.find((c) => c.name === name);
    if (!codec) throw new Error(`unknown serializer ${name}: valid ones are ${all.map((c) => c.name).join(', ')}`);
    return { codec, prepared: codec.prepare(generated), encodeMs: [], decodeMs: [] };
  });
  const rssBeforeBytes = process.memoryUsage().rss;
  for (let round = 0; round < warmup + runs; round++) {
    for (const lane of lanes) {
      lane.encoded = lane.decoded = undefined; // let the previous reply go before the next is made
      let ms: number;
      [lane.encoded, ms] = timed(() => lane.codec.encode(lane.prepared));
      if (round >= warmup) lane.encodeMs.push(ms);
      const encoded = lane.encoded;
      [lane.decoded, ms] = timed(() => lane.codec.decode(encoded));
      if (round >= warmup) lane.decodeMs.push(ms);
    }
  }
  const peakRssBytes = process.resourceUsage().maxRSS * 1024;
  return lanes.map(({ codec, encodeMs, decodeMs, encoded, decoded }) => {
    verifyBenchRun(shape, codec, generated, encoded as Uint8Array | string, decoded);
    const encodedBytes = typeof encoded === 'string' ? Buffer.byteLength(encoded) : (encoded as Uint8Array).byteLength;
    return { shape: shape.name, family: codec.family, codec: codec.name, rows, encodedBytes, encodeMs, decodeMs, rssBeforeBytes, peakRssBytes, alone: lanes.length === 1 };
  });
}
