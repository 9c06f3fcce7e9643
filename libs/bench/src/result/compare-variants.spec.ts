import { sampleResult, samples } from '../printers/fixtures/sample-run';
import type { VariantName } from '../scenario/variants';
import { compareVariants } from './compare-variants';

const base = { rowsReceived: 1, payloadBytes: 100, verified: true, clientCpuMs: null, serverCpuMs: null, clientPeakRssBytes: null, serverPeakRssBytes: null };
const result = (variant: VariantName, ms: number[]) => {
  const r = sampleResult({ name: 'x', transport: variant.startsWith('grpc') ? 'grpc' : 'json', variant, runs: samples(ms, base) });
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
    expect(versus[0]).toMatchObject({ medianRatio: 30 / 11, faster: 'json', distinguishable: true });
    expect(versus[1]).toMatchObject({ medianRatio: 0.5, faster: 'grpc-bare', distinguishable: true });
    expect(versus[1].ratioCi!.low).toBeLessThanOrEqual(0.5);
    expect(versus[1].ratioCi!.high).toBeGreaterThanOrEqual(0.5);
  });

  it('says when few runs cannot tell, and against the first variant when the baseline did not run', () => {
    const { versus } = compareVariants([result('grpc', [10, 12, 11]), result('json-undici', [9, 11, 10])]);
    expect(versus[0]).toMatchObject({ against: 'grpc', factor: null, faster: 'json-undici', distinguishable: false });
  });
});
