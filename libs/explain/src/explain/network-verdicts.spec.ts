import { networkTable, printMarkdown } from '@app/printers';
import type { BenchRun } from '@app/bench';
import type { NetworkConditions, ScenarioResult } from '@app/bench';
import { SAMPLE_RUN, sampleResult, samples } from '../fixtures/sample-run';
import { networkVerdicts } from './network-verdicts';
import { judgeNoise } from '@app/bench';

const base = {
  rowsReceived: 1_000_000,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

function conditions(profile: string, flagged = false): NetworkConditions {
  return profile === 'loopback'
    ? {
        profile,
        shaping: 'none',
        nominalRttMs: null,
        nominalMbps: null,
        rttMs: null,
        mbps: null,
        flagged: false,
        notes: [],
      }
    : {
        profile,
        shaping: 'toxiproxy',
        nominalRttMs: 40,
        nominalMbps: 100,
        rttMs: 41.2,
        mbps: 96.5,
        flagged,
        notes: [],
      };
}

/** Five runs around `ms`, ±`width` (1% by default: intervals far apart unless the medians are close). */
const spread = (ms: number, width = 0.01) => [
  ms * (1 - width),
  ms * (1 - width / 2),
  ms,
  ms * (1 + width / 2),
  ms * (1 + width),
];

/** One case under one profile: JSON and gRPC (and grpc-window, given its median) with five runs each. */
function pair(
  caseName: string,
  profile: string,
  jsonMs: number,
  grpcMs: number,
  flagged = false,
  width = 0.01,
  windowMs?: number,
): ScenarioResult[] {
  const common = { name: `${caseName}@${profile}`, rowsPerRequest: 1_000_000, network: conditions(profile, flagged) };
  const r = (variant: 'json' | 'grpc' | 'grpc-window', ms: number) => {
    const result = sampleResult({
      ...common,
      transport: variant === 'json' ? 'json' : 'grpc',
      variant,
      runs: samples(spread(ms, width), base),
    });
    return { ...result, stats: { ...result.stats, medianMs: ms } };
  };
  return [r('json', jsonMs), r('grpc', grpcMs), ...(windowMs === undefined ? [] : [r('grpc-window', windowMs)])];
}

const run = (scenarios: ScenarioResult[]): BenchRun => ({ ...SAMPLE_RUN, preset: 'network', scenarios });

describe('networkVerdicts', () => {
  it('ends each sentence with how quiet the machine was over every run it compares', () => {
    const noisy = (r: ScenarioResult, k: number) =>
      judgeNoise({
        ...r,
        runs: r.runs.map((s, i) => ({ ...s, foreignCpuCores: i === 0 && k === 0 ? 0.5 : 0.01, stealCores: 0 })),
      });
    const scenarios = [...pair('1-3', 'loopback', 10_000, 20_000), ...pair('1-3', 'wan', 30_000, 22_000)].map(noisy);
    expect(networkVerdicts(run(scenarios))!.sentences[0]).toMatch(
      /the verdict flips on wan; 1 of 20 runs disturbed, up to 0\.5 of a core beside them\.$/,
    );
  });

  it('names the profile where gRPC overtakes JSON, with each ratio and the path', () => {
    const v = networkVerdicts(
      run([
        ...pair('1-3', 'loopback', 10_000, 20_000),
        ...pair('1-3', 'lan', 11_000, 20_500),
        ...pair('1-3', 'wan', 30_000, 22_000),
      ]),
    )!;
    expect(v.rows.map((r) => [r.profile, r.ratio.toFixed(2), r.verdict])).toEqual([
      ['loopback', '2.00', 'json'],
      ['lan', '1.86', 'json'],
      ['wan', '0.73', 'grpc'],
    ]);
    expect(v.sentences).toEqual([
      'one request of 1,000,000 rows, grpc vs json: gRPC/JSON 2.00× on loopback, 1.86× on lan, 0.73× on wan. ' +
        'gRPC overtakes JSON between lan and wan: the verdict flips on wan.',
    ]);
    const [low, high] = [v.rows[2].ratioCi!.low, v.rows[2].ratioCi!.high];
    expect(low).toBeLessThan(0.7333);
    expect(high).toBeGreaterThan(0.7333);
    expect(high).toBeLessThan(1);
    expect(networkTable(v).rows[2]).toEqual([
      '1-3 (1,000,000 rows)',
      'grpc vs json',
      'wan',
      '41.20',
      '96.5',
      '30,000.00',
      '22,000.00',
      '0.73',
      `${low.toFixed(2)}–${high.toFixed(2)}`,
      'grpc',
    ]);
    expect(
      printMarkdown(run([...pair('1-3', 'loopback', 10_000, 20_000), ...pair('1-3', 'wan', 30_000, 22_000)])),
    ).toContain('## Under network conditions');
  });

  it('says when the verdict does not flip, and marks a flagged path', () => {
    const v = networkVerdicts(run([...pair('1-1', 'loopback', 3, 2), ...pair('1-1', 'mobile', 90, 85, true)]))!;
    expect(v.sentences[0]).toBe(
      'one request of 1,000,000 rows, grpc vs json: gRPC/JSON 0.67× on loopback, 0.94× on mobile (path ' +
        'flagged). gRPC is faster under every profile where the runs tell them apart; the verdict does not flip.',
    );
    expect(networkTable(v).rows[1][2]).toBe('mobile (flagged)');
  });

  it('pairs grpc-window with the same JSON: the tuned window can flip a verdict that grpc does not', () => {
    const v = networkVerdicts(
      run([
        ...pair('1-3', 'loopback', 8_000, 16_000, false, 0.01, 15_000),
        ...pair('1-3', 'wan', 29_000, 180_000, false, 0.01, 27_000),
      ]),
    )!;
    expect(v.rows.map((r) => [r.pair, r.profile, r.verdict])).toEqual([
      ['grpc vs json', 'loopback', 'json'],
      ['grpc vs json', 'wan', 'json'],
      ['grpc-window vs json', 'loopback', 'json'],
      ['grpc-window vs json', 'wan', 'grpc'],
    ]);
    expect(v.sentences[0]).toMatch(
      /JSON is faster under every profile where the runs tell them apart; the verdict does not flip\.$/,
    );
    expect(v.sentences[1]).toMatch(
      new RegExp(
        String.raw`^one request of 1,000,000 rows, grpc-window vs json: .*gRPC overtakes JSON between ` +
          String.raw`loopback and wan: the verdict flips on wan\.$`,
      ),
    );
  });

  it('calls nothing a flip that the runs cannot tell: a ratio wandering around 1 within its interval', () => {
    // Runs ±30% around medians 5% apart: every interval spans 1, so 1.05 then 0.95 is no flip.
    const wide = networkVerdicts(
      run([...pair('1-1', 'loopback', 100, 105, false, 0.3), ...pair('1-1', 'wan', 100, 95, false, 0.3)]),
    )!;
    expect(wide.rows.map((r) => r.verdict)).toEqual(['cannot tell', 'cannot tell']);
    expect(wide.sentences[0]).toMatch(/The runs cannot tell JSON and gRPC apart under any profile/);
    // Told apart on loopback and mobile with the same side, not on wan in between: no flip, wan named as unsure.
    const mixed = networkVerdicts(
      run([
        ...pair('1-1', 'loopback', 100, 50),
        ...pair('1-1', 'wan', 100, 98, false, 0.3),
        ...pair('1-1', 'mobile', 100, 60),
      ]),
    )!;
    expect(mixed.sentences[0]).toMatch(
      new RegExp(
        String.raw`gRPC is faster under every profile where the runs tell them apart; the verdict ` +
          String.raw`does not flip \(the runs cannot tell them apart on wan`,
      ),
    );
  });

  it('draws no verdict from 2 runs a side, however far apart the ratios are, and says how many runs it needs', () => {
    const two = (rows: ScenarioResult[]) =>
      rows.map((r) => ({ ...r, runs: r.runs.slice(0, 2), stats: { ...r.stats, n: 2 } }));
    const v = networkVerdicts(run(two([...pair('1-2', 'loopback', 10, 20), ...pair('1-2', 'wan', 30, 22)])))!;
    expect(v.rows.map((r) => [r.profile, r.verdict, r.runsPerSide])).toEqual([
      ['loopback', 'too few runs', 2],
      ['wan', 'too few runs', 2],
    ]);
    expect(v.rows.every((r) => r.ratioCi !== null)).toBe(true);
    expect(v.sentences[0]).toBe(
      'one request of 1,000,000 rows, grpc vs json: gRPC/JSON 2.00× on loopback, 0.73× on wan. No verdict ' +
        'under any profile: 2 runs a side cannot tell these apart; use --runs 5 or more.',
    );
    expect(networkTable(v).rows[0][9]).toBe('too few runs');
    // Enough runs on one profile, too few on the other: the told one counts, the other is named.
    const mixed = networkVerdicts(run([...pair('1-2', 'loopback', 10, 20), ...two(pair('1-2', 'wan', 30, 22))]))!;
    expect(mixed.sentences[0]).toMatch(
      new RegExp(
        String.raw`JSON is faster under every profile where the runs tell them apart; the verdict ` +
          String.raw`does not flip \(no verdict on wan: 2 runs a side cannot tell these apart; use --runs 5 or ` +
          String.raw`more\)\.$`,
      ),
    );
  });

  it('is null for a run under one profile, or without both sides of a pair', () => {
    expect(networkVerdicts(run(pair('1-3', 'loopback', 1, 2)))).toBeNull();
    expect(networkVerdicts(run([pair('1-3', 'loopback', 1, 2)[0], pair('1-3', 'wan', 1, 2)[0]]))).toBeNull();
    expect(networkVerdicts(SAMPLE_RUN)).toBeNull();
  });
});
