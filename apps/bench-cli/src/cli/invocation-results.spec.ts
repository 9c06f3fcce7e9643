import { sampleResult, samples } from '@app/explain';
import { aggregateRuns, stampInvocation, type ScenarioResult } from '@app/bench';
import { InvocationResults, poolKey } from './invocation-results';

const base = {
  rowsReceived: 1,
  payloadBytes: 10,
  verified: true,
  clientCpuMs: 1,
  serverCpuMs: 1,
  clientPeakRssBytes: 1,
  serverPeakRssBytes: 1,
};
const result = (name: string, variant: 'json' | 'grpc', ms: number[]) => {
  const r = sampleResult({ name, transport: variant, variant, runs: samples(ms, base) });
  return { ...r, stats: aggregateRuns(r.runs) };
};

describe('InvocationResults', () => {
  it("keeps the first invocation's order and merges each later one into its entry, in place", () => {
    const scenarios: ScenarioResult[] = [];
    const pooled = new InvocationResults(scenarios);
    pooled.add(stampInvocation([result('a', 'json', [1, 2]), result('a', 'grpc', [3, 4])], 1));
    pooled.add(stampInvocation([result('b', 'json', [5, 6])], 1));
    expect(scenarios.map((r) => [r.name, r.variant, r.stats.n, r.stats.invocations])).toEqual([
      ['a', 'json', 2, 1],
      ['a', 'grpc', 2, 1],
      ['b', 'json', 2, 1],
    ]);
    pooled.add(stampInvocation([result('a', 'json', [1.5, 2.5]), result('a', 'grpc', [3.5, 4.5])], 2));
    expect(scenarios.map((r) => [r.name, r.variant, r.stats.n, r.stats.invocations])).toEqual([
      ['a', 'json', 4, 2],
      ['a', 'grpc', 4, 2],
      ['b', 'json', 2, 1],
    ]);
    expect(scenarios[0].runs.map((r) => [r.invocation, r.ms])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1.5],
      [2, 2.5],
    ]);
  });

  it("pools per runtime: two runtimes' runs of one case and variant stay apart, even under one name", () => {
    const scenarios: ScenarioResult[] = [];
    const pooled = new InvocationResults(scenarios);
    const on = (label: string, ms: number[]) => ({
      ...result('a', 'json', ms),
      runtime: { client: { nodeVersion: label, v8Version: 'x' }, server: null, label },
    });
    pooled.add(stampInvocation([on('node20.1.0', [1, 2])], 1));
    pooled.add(stampInvocation([on('node22.1.0', [10, 20])], 1));
    pooled.add(stampInvocation([on('node22.1.0', [11, 21])], 2));
    pooled.add(stampInvocation([on('node20.1.0', [1.5, 2.5])], 2));
    expect(scenarios.map((r) => [r.runtime?.label, r.runs.map((s) => s.ms)])).toEqual([
      ['node20.1.0', [1, 2, 1.5, 2.5]],
      ['node22.1.0', [10, 20, 11, 21]],
    ]);
    expect(poolKey(scenarios[0])).not.toBe(poolKey(scenarios[1]));
    expect(poolKey(result('a', 'json', [1]))).toBe(poolKey(result('a', 'json', [2])));
  });
});
