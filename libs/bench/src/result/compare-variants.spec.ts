import { sampleResult, samples } from '@app/explain';
import type { VariantName } from '../scenario/variants';
import { compareVariants } from './compare-variants';

const base = {
  rowsReceived: 1,
  payloadBytes: 100,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};
const result = (variant: VariantName, ms: number[]) => {
  const r = sampleResult({
    name: 'x',
    transport: variant.startsWith('grpc') ? 'grpc' : 'json',
    variant,
    runs: samples(ms, base),
  });
  const sorted = [...ms].sort((a, b) => a - b);
  return { ...r, stats: { ...r.stats, medianMs: sorted[Math.floor(ms.length / 2)] } };
};

describe('compareVariants', () => {
  it('puts each variant against its baseline when it ran, else against the first, with the factor named', () => {
    const json = result('json', [10, 11, 12, 10, 11]);
    const grpc = result('grpc', [30, 31, 29, 30, 32]);
    const bare = result('grpc-bare', [15, 16, 14, 15, 15]);
    const { results, versus } = compareVariants([json, grpc, bare]);
    expect(results).toHaveLength(3);
    expect(versus.map((v) => [v.variant, v.against, v.factor])).toEqual([
      ['grpc', 'json', null],
      ['grpc-bare', 'grpc', 'client library'],
    ]);
    expect(versus[0]).toMatchObject({ medianRatio: 30 / 11, faster: 'json', distinguishable: true, verdict: 'json' });
    expect(versus[1]).toMatchObject({ medianRatio: 0.5, faster: 'grpc-bare', distinguishable: true });
    expect(versus[1].ratioCi!.low).toBeLessThanOrEqual(0.5);
    expect(versus[1].ratioCi!.high).toBeGreaterThanOrEqual(0.5);
  });

  it('says when few runs cannot tell, and against the first variant when the baseline did not run', () => {
    const { versus } = compareVariants([result('grpc', [10, 12, 11]), result('json-undici', [9, 11, 10])]);
    expect(versus[0]).toMatchObject({
      against: 'grpc',
      factor: null,
      faster: null,
      distinguishable: false,
      runsPerSide: 3,
      tooFewRuns: true,
      verdict: 'too few runs',
    });
    // The interval is still there to see; it just decides nothing.
    expect(versus[0].ratioCi).not.toBeNull();
  });

  it('from several invocations, resamples invocations too: a gap between processes widens the interval', () => {
    // Every run of a side within 1% of its invocation's level; json's two invocations sit 20% apart.
    const stamped = (variant: VariantName, levels: number[]) => {
      const r = result(
        variant,
        levels.flatMap((l) => [l, l * 1.01, l * 0.99, l * 1.005, l * 0.995]),
      );
      return { ...r, runs: r.runs.map((s, i) => ({ ...s, invocation: Math.floor(i / 5) + 1 })) };
    };
    const one = compareVariants([
      result('json', [10, 10.1, 9.9, 10.05, 9.95, 12, 12.1, 11.9, 12.05, 11.95]),
      result('json-undici', [11, 11.1, 10.9, 11.05, 10.95, 11, 11.1, 10.9, 11.05, 10.95]),
    ]).versus[0];
    const two = compareVariants([stamped('json', [10, 12]), stamped('json-undici', [11, 11])]).versus[0];
    expect(one.ratioCi!.invocations).toBe(1);
    expect(two.ratioCi!.invocations).toBe(2);
    expect(two.ratioCi!.high - two.ratioCi!.low).toBeGreaterThan(one.ratioCi!.high - one.ratioCi!.low);
    expect(two).toMatchObject({ tooFewRuns: false, distinguishable: false });
  });
});
