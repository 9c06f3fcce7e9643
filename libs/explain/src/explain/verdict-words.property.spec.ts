import fc from 'fast-check';
import { aggregate } from '@app/bench';
import { SAMPLE_RUN, sampleResult } from '../fixtures/sample-run';
import { requestPhases } from '@app/bench';
import type { BenchRun } from '@app/bench';
import type { RunSample, ScenarioResult } from '@app/bench';
import { explainRun } from './explain-run';
import { checkCase } from './fixtures/verdict-invariants';
import { shapeSentences } from './shape-sentences';

// Properties of the words over generated results: random phases in both directions, one request or a batch, streams
// whose phases overlap their transfer, 1 to 9 runs a side. Each must hold for every run the engine can produce.

const ms = (max: number) =>
  fc.double({ min: 0, max, noNaN: true, noDefaultInfinity: true }).map((v) => Math.round(v * 1000) / 1000);

/**
 * One run: the request that set its wall time (after a queue in a batch), its phases possibly overlapping (a stream).
 */
const runOf = (parallel: boolean, scale: number) =>
  fc
    .record({
      queue: parallel ? ms(scale) : fc.constant(0),
      generate: ms(scale),
      serialize: ms(scale),
      wait: ms(scale),
      transfer: ms(scale),
      decode: ms(scale),
      other: ms(scale),
      tail: ms(scale / 100),
      // A stream builds and decodes while the body arrives: its first byte comes before most of the server's work.
      overlap: fc.boolean(),
    })
    .map((p) => {
      const ttfb = p.overlap ? p.wait + p.generate / 10 : p.generate + p.serialize + p.wait;
      const ttlb = ttfb + p.transfer + (p.overlap ? p.serialize : 0);
      const requestMs = Math.round((ttlb + (p.overlap ? p.decode / 10 : p.decode) + p.other) * 1000) / 1000;
      const phases = requestPhases(requestMs, {
        ttfbMs: ttfb,
        ttlbMs: ttlb,
        decompressMs: null,
        decodeMs: p.decode,
        server: { generateMs: p.generate, serializeMs: p.serialize },
        notes: [],
      });
      const wallMs = Math.round((p.queue + requestMs + p.tail) * 1000) / 1000;
      return { ms: wallMs, phases, path: { wallMs, queueMs: p.queue, phases } };
    });

const sideOf = (variant: 'json' | 'grpc', parallel: boolean) =>
  fc
    .integer({ min: 1, max: 200 })
    .chain((scale) => fc.array(runOf(parallel, scale), { minLength: 1, maxLength: 9 }))
    .map((runs): ScenarioResult => {
      const samples: RunSample[] = runs.map((r, i) => ({
        run: i + 1,
        at: '2024-05-01T10:00:00.000Z',
        ms: r.ms,
        rowsReceived: 1,
        payloadBytes: 1,
        verified: true,
        clientCpuMs: null,
        serverCpuMs: null,
        clientPeakRssBytes: null,
        serverPeakRssBytes: null,
        phases: r.phases,
        path: r.path,
      }));
      const base = sampleResult({
        name: 'case',
        transport: variant,
        variant,
        runs: samples,
        mode: parallel ? 'parallel' : 'single',
        requests: parallel ? 10 : 1,
      });
      return { ...base, stats: aggregate(samples.map((s) => s.ms)) };
    });

const caseArb = fc.boolean().chain((parallel) => fc.tuple(sideOf('json', parallel), sideOf('grpc', parallel)));

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
    for (const c of cases)
      checkCase(
        c,
        SAMPLE_RUN.scenarios.filter((r) => r.name === c.scenario),
      );
  });
});
