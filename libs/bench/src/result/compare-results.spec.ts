import { sampleResult, samples } from '@app/explain';
import { compareResults } from './compare-results';

const base = {
  rowsReceived: 1,
  payloadBytes: 100,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};
const result = (transport: 'json' | 'grpc', ms: number[]) => {
  const r = sampleResult({ name: 'x', transport, runs: samples(ms, base) });
  const sorted = [...ms].sort((a, b) => a - b);
  return { ...r, stats: { ...r.stats, medianMs: sorted[Math.floor(ms.length / 2)] } };
};

describe('compareResults', () => {
  it('names the faster transport when the medians are distinguishable', () => {
    const c = compareResults(result('json', [10, 11, 10.5, 10.2, 10.8]), result('grpc', [20, 21, 20.5, 20.2, 20.8]));
    expect(c.distinguishable).toBe(true);
    expect(c.faster).toBe('json');
    expect(c.ratio.medianGrpcOverJson).toBeCloseTo(20.5 / 10.5, 10);
  });

  it('names the lower median but says not distinguishable when the intervals overlap', () => {
    const c = compareResults(result('json', [10, 12, 11, 9, 13]), result('grpc', [11.5, 10, 12.5, 9.5, 12]));
    expect(c.ratio.medianGrpcOverJson).not.toBe(1);
    expect(c).toMatchObject({ distinguishable: false, faster: 'json', verdict: 'cannot tell' });
  });

  it('one run each cannot tell, however far apart, and names no faster side', () => {
    const c = compareResults(result('json', [10]), result('grpc', [30]));
    expect(c).toMatchObject({ distinguishable: false, faster: null, tooFewRuns: true, verdict: 'too few runs' });
  });

  it('names no faster side below 5 runs a side, however far apart, and one from 5 runs', () => {
    const four = compareResults(result('json', [10, 10.1, 10.2, 10.3]), result('grpc', [30, 30.1, 30.2, 30.3, 30.4]));
    expect(four).toMatchObject({ distinguishable: false, faster: null, tooFewRuns: true });
    const five = compareResults(
      result('json', [10, 10.1, 10.2, 10.3, 10.4]),
      result('grpc', [30, 30.1, 30.2, 30.3, 30.4]),
    );
    expect(five).toMatchObject({ distinguishable: true, faster: 'json', tooFewRuns: false, verdict: 'json' });
  });

  it('says tie only for equal medians', () => {
    expect(
      compareResults(result('json', [10, 11, 12, 10.5, 11.5]), result('grpc', [9, 11, 13, 10.5, 11.5])),
    ).toMatchObject({ faster: 'tie', verdict: 'cannot tell' });
  });
});
