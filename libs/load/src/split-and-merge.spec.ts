import { LatencyHistogram } from '@app/bench';
import type { GeneratorResult, LoadLevelSpec } from './load-level.interface';
import { mergeGeneratorResults } from './merge-generator-results';
import { splitLevel } from './split-level';

const spec = (over: Partial<LoadLevelSpec>): LoadLevelSpec => ({
  transport: 'grpc',
  targetKind: 'nest',
  target: { server: 'grpc-server', address: '127.0.0.1:1' },
  rows: 1,
  concurrency: 10,
  connections: 1,
  durationMs: 1000,
  warmupMs: 0,
  timeoutMs: 1000,
  grpcMaxMessageBytes: 1 << 20,
  ...over,
});

function part(latenciesUs: number[], over: Partial<GeneratorResult> = {}): GeneratorResult {
  const h = new LatencyHistogram();
  latenciesUs.forEach((v) => h.recordMicros(v));
  const encoded = h.encode();
  h.destroy();
  const mean = latenciesUs.reduce((a, b) => a + b, 0) / latenciesUs.length / 1000;
  return {
    requests: latenciesUs.length + 1,
    successes: latenciesUs.length,
    errors: { UNAVAILABLE: 1 },
    timeouts: 0,
    windowMs: 1000,
    latency: { mean, p50: 0, p90: 0, p99: 0, p999: 0, max: 0 },
    payloadBytes: latenciesUs.length * 10,
    perSecond: [latenciesUs.length + 1],
    latencyHistogram: encoded.histogram,
    latencyExactUs: encoded.exact,
    verified: true,
    generatorCpuMs: 100,
    generatorElapsedMs: 1000,
    generatorWindowCpuMs: 90,
    endedBy: 'duration',
    ...over,
  };
}

describe('splitLevel', () => {
  it('shares callers, connections, rate and requests among the generators', () => {
    const parts = splitLevel(spec({ concurrency: 11, connections: 3, rate: 1000, requests: 101, generators: 3 }));
    expect(parts.map((p) => p.concurrency)).toEqual([4, 4, 3]);
    expect(parts.map((p) => p.connections)).toEqual([1, 1, 1]);
    expect(parts.map((p) => p.rate)).toEqual([1000 / 3, 1000 / 3, 1000 / 3]);
    expect(parts.map((p) => p.requests)).toEqual([34, 34, 33]);
    expect(parts.every((p) => p.generators === 1)).toBe(true);
  });

  it('refuses more generators than callers, and uneven autocannon shares', () => {
    expect(() => splitLevel(spec({ concurrency: 2, generators: 3 }))).toThrow(/at least 3 callers/);
    expect(() => splitLevel(spec({ transport: 'json', concurrency: 9, connections: 9, generators: 2 }))).toThrow(
      /multiples of 2/,
    );
    expect(splitLevel(spec({ generators: 1 }))).toHaveLength(1);
  });
});

describe('mergeGeneratorResults', () => {
  it('adds counts and per-second totals and takes percentiles from the added histograms', () => {
    const merged = mergeGeneratorResults([part([1000, 1000, 1000]), part([9000], { perSecond: [2, 7] })]);
    expect(merged).toMatchObject({
      requests: 6,
      successes: 4,
      errors: { UNAVAILABLE: 2 },
      payloadBytes: 40,
      perSecond: [6],
      generatorWindowCpuMs: 180,
    });
    expect(merged.latency.p50).toBe(1);
    expect(merged.latency.max).toBe(9);
    expect(merged.latency.mean).toBe(3);
    expect(merged.latencyExactUs).toEqual({ min: 1000, max: 9000, sum: 12000 });
  });

  it('keeps the exact max of every part: no percentile above it, none below the min', () => {
    // 100,007 µs sits in an HDR bucket whose highest equivalent value is larger; that must not leak out.
    const merged = mergeGeneratorResults([part([1003, 2001, 100_007]), part([1500, 99_999])]);
    expect(merged.latency.max).toBe(100.007);
    expect(merged.latencyExactUs).toMatchObject({ min: 1003, max: 100_007 });
    const { p50, p90, p99, p999, max } = merged.latency;
    expect([1.003, p50, p90, p99, p999, max]).toEqual([1.003, p50, p90, p99, p999, max].sort((a, b) => a - b));
    expect(p50).toBeCloseTo(2.001, 2);
  });
});
