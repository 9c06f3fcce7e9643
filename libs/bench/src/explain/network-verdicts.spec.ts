import type { BenchRun } from '../result/bench-run.interface';
import type { NetworkConditions, ScenarioResult } from '../result/result.interface';
import { SAMPLE_RUN, sampleResult, samples } from '../printers/fixtures/sample-run';
import { networkTable } from '../printers/network-table';
import { printMarkdown } from '../printers/markdown.printer';
import { networkVerdicts } from './network-verdicts';

const base = { rowsReceived: 1_000_000, payloadBytes: 1, verified: true, clientCpuMs: null, serverCpuMs: null, clientPeakRssBytes: null, serverPeakRssBytes: null };

function conditions(profile: string, flagged = false): NetworkConditions {
  return profile === 'loopback'
    ? { profile, shaping: 'none', nominalRttMs: null, nominalMbps: null, rttMs: null, mbps: null, flagged: false, notes: [] }
    : { profile, shaping: 'toxiproxy', nominalRttMs: 40, nominalMbps: 100, rttMs: 41.2, mbps: 96.5, flagged, notes: [] };
}

/** One case under one profile: JSON and gRPC with five runs each, spread so their intervals are apart. */
function pair(caseName: string, profile: string, jsonMs: number, grpcMs: number, flagged = false): ScenarioResult[] {
  const spread = (ms: number) => [ms * 0.99, ms * 0.995, ms, ms * 1.005, ms * 1.01];
  const common = { name: `${caseName}@${profile}`, rowsPerRequest: 1_000_000, network: conditions(profile, flagged) };
  const r = (transport: 'json' | 'grpc', ms: number) => {
    const result = sampleResult({ ...common, transport, runs: samples(spread(ms), base) });
    return { ...result, stats: { ...result.stats, medianMs: ms } };
  };
  return [r('json', jsonMs), r('grpc', grpcMs)];
}

const run = (scenarios: ScenarioResult[]): BenchRun => ({ ...SAMPLE_RUN, preset: 'network', scenarios });

describe('networkVerdicts', () => {
  it('names the profile where gRPC overtakes JSON, with each ratio and the path', () => {
    const v = networkVerdicts(run([...pair('1-3', 'loopback', 10_000, 20_000), ...pair('1-3', 'lan', 11_000, 20_500), ...pair('1-3', 'wan', 30_000, 22_000)]))!;
    expect(v.rows.map((r) => [r.profile, r.ratio.toFixed(2), r.verdict])).toEqual([
      ['loopback', '2.00', 'json'],
      ['lan', '1.86', 'json'],
      ['wan', '0.73', 'grpc'],
    ]);
    expect(v.sentences).toEqual([
      'one request of 1,000,000 rows, grpc vs json: gRPC/JSON 2.00× on loopback, 1.86× on lan, 0.73× on wan. gRPC overtakes JSON between lan and wan: the verdict flips on wan.',
    ]);
    expect(networkTable(v).rows[2]).toEqual(['1-3 (1,000,000 rows)', 'grpc vs json', 'wan', '41.20', '96.5', '30,000.00', '22,000.00', '0.73', 'grpc']);
    expect(printMarkdown(run([...pair('1-3', 'loopback', 10_000, 20_000), ...pair('1-3', 'wan', 30_000, 22_000)]))).toContain('## Under network conditions');
  });

  it('says when the verdict does not flip, and marks a flagged path', () => {
    const v = networkVerdicts(run([...pair('1-1', 'loopback', 3, 2), ...pair('1-1', 'mobile', 90, 85, true)]))!;
    expect(v.sentences[0]).toBe(
      'one request of 1,000,000 rows, grpc vs json: gRPC/JSON 0.67× on loopback, 0.94× on mobile (path flagged). gRPC is faster under every profile; the verdict does not flip.',
    );
    expect(networkTable(v).rows[1][2]).toBe('mobile (flagged)');
  });

  it('is null for a run under one profile, or without both sides of a pair', () => {
    expect(networkVerdicts(run(pair('1-3', 'loopback', 1, 2)))).toBeNull();
    expect(networkVerdicts(run([pair('1-3', 'loopback', 1, 2)[0], pair('1-3', 'wan', 1, 2)[0]]))).toBeNull();
    expect(networkVerdicts(SAMPLE_RUN)).toBeNull();
  });
});
