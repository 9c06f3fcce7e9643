import { JSON_PHASES, sampleResult, samples } from '../fixtures/sample-run';
import { compareVariants } from '@app/bench';
import type { PhaseBreakdown } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { explainComparison } from './comparison-why';

const base = {
  rowsReceived: 1,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

function result(variant: 'json' | 'grpc', ms: number[], phases: PhaseBreakdown | null = JSON_PHASES): ScenarioResult {
  const sorted = [...ms].sort((a, b) => a - b);
  // Each run's one request took its run's time, nothing after it.
  const runs = samples(ms, base).map((run) => ({ ...run, phases: phases && { ...phases, requestMs: run.ms } }));
  const r = sampleResult({ name: 'compare', transport: variant, variant, runs, phases });
  return { ...r, stats: { ...r.stats, n: ms.length, medianMs: sorted[Math.floor(ms.length / 2)] } };
}

describe('explainComparison', () => {
  it('adds the phase bars, the sentences and one "apart" line per comparison to a reply, changing nothing else', () => {
    // gRPC serializes 2.9 ms longer, so its first and last byte come 2.9 ms later.
    const grpcPhases = {
      ...JSON_PHASES,
      requestMs: 5.8,
      serverSerializeMs: 2.92,
      ttfbMs: JSON_PHASES.ttfbMs! + 2.9,
      ttlbMs: JSON_PHASES.ttlbMs! + 2.9,
    };
    const comparison = compareVariants([result('json', [2.9, 3, 2.8]), result('grpc', [5.8, 6, 5.7], grpcPhases)]);
    const explained = explainComparison(comparison);
    expect(explained).toMatchObject(comparison);
    expect(explained.why.phases.bars).toEqual(['json', 'grpc']);
    expect(explained.why.phases.layers.find((l) => l.name === 'serialize')!.values).toEqual([0.02, 2.92]);
    expect(explained.why.sentences[0]).toMatch(/^For one request of 1 row, gRPC took 2\.00× JSON's time/);
    expect(explained.why.sentences[1]).toMatch(
      new RegExp(
        String.raw`^gRPC's median request took 2\.90 ms longer, a difference the runs cannot tell ` +
          String.raw`from noise; of that, 100% is server-side serialization`,
      ),
    );
    expect(explained.why.apart).toEqual([
      `grpc vs json: 3 runs a side cannot tell these apart; use ${MIN_RUNS_FOR_VERDICT} or more.`,
    ]);
  });

  it('handles one variant alone (nothing to tell apart) and a variant without phases (an empty bar, named)', () => {
    const alone = explainComparison(compareVariants([result('json', [2.9, 3, 2.8])]));
    expect(alone.why.apart).toEqual([]);
    const streamed = explainComparison(
      compareVariants([result('json', [2.9, 3, 2.8]), result('grpc', [5.8, 6, 5.7], null)]),
    );
    expect(streamed.why.phases.totalMs).toEqual([2.9, null]);
    expect(streamed.why.phases.notes).toEqual([
      expect.stringMatching(/^grpc: no breakdown \(its transport reports no phases/),
    ]);
  });
});
