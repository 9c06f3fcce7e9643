import { aggregateRuns, stampInvocation, type ScenarioResult } from '@app/bench';
import { sampleResult, samples } from '../../../../libs/bench/src/printers/fixtures/sample-run';
import { InvocationResults } from './invocation-results';

const base = { rowsReceived: 1, payloadBytes: 10, verified: true, clientCpuMs: 1, serverCpuMs: 1, clientPeakRssBytes: 1, serverPeakRssBytes: 1 };
const result = (name: string, variant: 'json' | 'grpc', ms: number[]) => {
  const r = sampleResult({ name, transport: variant, variant, runs: samples(ms, base) });
  return { ...r, stats: aggregateRuns(r.runs) };
};

describe('InvocationResults', () => {
  it('keeps the first invocation\'s order and merges each later one into its entry, in place', () => {
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
    expect(scenarios[0].runs.map((r) => [r.invocation, r.ms])).toEqual([[1, 1], [1, 2], [2, 1.5], [2, 2.5]]);
  });
});
