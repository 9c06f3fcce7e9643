import fc from 'fast-check';
import { aggregate } from '../aggregate/aggregate';
import { SAMPLE_RUN, sampleResult } from '../printers/fixtures/sample-run';
import { scenarioWallParts } from '../phases/median-run';
import { phaseStack } from '../phases/phase-stack';
import { requestPhases } from '../phases/request-phases';
import { WALL_PARTS } from '../phases/wall-parts';
import type { BenchRun } from '../result/bench-run.interface';
import type { RunSample, ScenarioResult } from '../result/result.interface';
import { explainRun } from './explain-run';
import { explainSentences } from './explain-sentences';
import type { CaseExplanation } from './explanation.interface';
import { effectOf } from './sentence-parts';
import { shapeSentences } from './shape-sentences';

// Properties of the words over generated results: random phases in both directions, one request or a batch, streams
// whose phases overlap their transfer, 1 to 9 runs a side. Each must hold for every run the engine can produce.

const ms = (max: number) => fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }).map((v) => Math.round(v * 1000) / 1000);

/** One run: the request that set its wall time (after a queue in a batch), its phases possibly overlapping (a stream). */
const runOf = (parallel: boolean, scale: number) =>
  fc.record({
    queue: parallel ? ms(scale) : fc.constant(0),
    generate: ms(scale), serialize: ms(scale), wait: ms(scale), transfer: ms(scale), decode: ms(scale), other: ms(scale),
    tail: ms(scale / 100),
    // A stream builds and decodes while the body arrives: its first byte comes before most of the server's work.
    overlap: fc.boolean(),
  }).map((p) => {
    const ttfb = p.overlap ? p.wait + p.generate / 10 : p.generate + p.serialize + p.wait;
    const ttlb = ttfb + p.transfer + (p.overlap ? p.serialize : 0);
    const requestMs = Math.round((ttlb + (p.overlap ? p.decode / 10 : p.decode) + p.other) * 1000) / 1000;
    const phases = requestPhases(requestMs, { ttfbMs: ttfb, ttlbMs: ttlb, decompressMs: null, decodeMs: p.decode, server: { generateMs: p.generate, serializeMs: p.serialize }, notes: [] });
    const wallMs = Math.round((p.queue + requestMs + p.tail) * 1000) / 1000;
    return { ms: wallMs, phases, path: { wallMs, queueMs: p.queue, phases } };
  });

const sideOf = (variant: 'json' | 'grpc', parallel: boolean) =>
  fc.integer({ min: 1, max: 200 }).chain((scale) => fc.array(runOf(parallel, scale), { minLength: 1, maxLength: 9 })).map((runs): ScenarioResult => {
    const samples: RunSample[] = runs.map((r, i) => ({
      run: i + 1, at: '2024-05-01T10:00:00.000Z', ms: r.ms, rowsReceived: 1, payloadBytes: 1, verified: true,
      clientCpuMs: null, serverCpuMs: null, clientPeakRssBytes: null, serverPeakRssBytes: null, phases: r.phases, path: r.path,
    }));
    const base = sampleResult({ name: 'case', transport: variant, variant, runs: samples, mode: parallel ? 'parallel' : 'single', requests: parallel ? 10 : 1 });
    return { ...base, stats: aggregate(samples.map((s) => s.ms)) };
  });

const caseArb = fc.boolean().chain((parallel) => fc.tuple(sideOf('json', parallel), sideOf('grpc', parallel)));

const partsSum = (r: ScenarioResult) => {
  const w = scenarioWallParts(r)!;
  return WALL_PARTS.reduce((sum, part) => sum + w.parts[part], 0);
};

/** The invariants every explained case keeps, whatever its numbers. */
function checkCase(c: CaseExplanation, results: readonly ScenarioResult[]): void {
  const sentences = explainSentences(c);
  const vs = c.grpcVsJson;
  if (vs) {
    const effect = effectOf(vs);
    // The verdict phrase ends the verdict sentence, and it names the side with the lower median.
    expect(sentences[0]).toMatch(/: (gRPC is faster|JSON is faster|the runs cannot tell them apart|no verdict \(.*\))(; .*)?\.$/);
    if (effect === 'faster') expect(vs.medianRatio).toBeLessThan(1);
    if (effect === 'slower') expect(vs.medianRatio).toBeGreaterThan(1);
    const named = sentences.join(' ');
    // No sentence calls the side the verdict found faster the one that took longer.
    if (effect === 'faster') expect(named).not.toMatch(/gRPC's median (request|batch)[^.]* took [\d,.]+ ms longer/);
    if (effect === 'slower') expect(named).not.toMatch(/JSON's median (request|batch)[^.]* took [\d,.]+ ms longer/);
  }
  const gap = c.gap;
  if (gap) {
    // The parts of the gap add up to the gap between the medians, which is what the verdict compares.
    const [json, grpc] = ['json', 'grpc'].map((v) => results.find((r) => r.variant === v)!);
    expect(gap.totalMs).toBeCloseTo(grpc.stats.medianMs - json.stats.medianMs, 2);
    expect(gap.deltas.reduce((sum, d) => sum + d.deltaMs, 0)).toBeCloseTo(gap.totalMs, 2);
    const longer = sentences.find((s) => / took [\d,.]+ ms longer/.test(s));
    if (longer) expect(longer.startsWith(gap.totalMs > 0 ? "gRPC's" : "JSON's")).toBe(true);
    // Shares are given only when they add up to the whole at most (rounding aside); otherwise the words say "net".
    for (const s of sentences) {
      const shares = [...s.matchAll(/(\d+)% is/g)].map((m) => Number(m[1]));
      if (shares.length > 0) expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(100 + shares.length);
      if (shares.some((v) => v > 100)) expect(s).toContain('net');
    }
  }
  for (const r of results) {
    if (!scenarioWallParts(r)) continue;
    // Each part of the median run's time once: the parts add up to the median, and no stacked bar is taller.
    expect(partsSum(r)).toBeCloseTo(r.stats.medianMs, 2);
    const stack = phaseStack([{ label: r.variant, parts: scenarioWallParts(r) }]);
    const height = stack.layers.reduce((sum, l) => sum + (l.values[0] ?? 0), 0);
    expect(height).toBeLessThanOrEqual(r.stats.medianMs + 0.002 * WALL_PARTS.length);
  }
}

describe('the words over generated results', () => {
  it('never contradict the verdict, add up, and give shares of the whole only when every part moved one way', () => {
    fc.assert(
      fc.property(caseArb, (results) => {
        const [c] = explainRun({ ...SAMPLE_RUN, scenarios: results } as BenchRun).cases;
        checkCase(c, results);
        // The per-shape section says the same as the case sentences: its gap sentence only where the runs name a side.
        for (const s of shapeSentences([{ ...c, shape: 'numeric' }])) expect(s).not.toMatch(/cannot tell from noise/);
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it('hold over the fixture runs the printers and the report are tested with', () => {
    const { cases } = explainRun(SAMPLE_RUN);
    for (const c of cases) checkCase(c, SAMPLE_RUN.scenarios.filter((r) => r.name === c.scenario));
  });
});
