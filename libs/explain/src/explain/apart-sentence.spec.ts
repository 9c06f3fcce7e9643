import { JSON_PHASES, sampleResult, samples } from '../fixtures/sample-run';
import { versusOf, type VariantVersus } from '@app/bench';
import type { ScenarioResult } from '@app/bench';
import { MIN_RUNS_FOR_VERDICT } from '@app/bench';
import { runsToTellApart, apartSentence } from './apart-sentence';

const base = {
  rowsReceived: 1,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
};

function result(variant: 'json' | 'grpc', ms: number[], phases = JSON_PHASES): ScenarioResult {
  const sorted = [...ms].sort((a, b) => a - b);
  const r = sampleResult({ name: 'compare', transport: variant, variant, runs: samples(ms, base), phases });
  return { ...r, stats: { ...r.stats, n: ms.length, medianMs: sorted[Math.floor(ms.length / 2)] } };
}

const versus = (grpc: number[], json: number[]): VariantVersus =>
  versusOf(result('grpc', grpc), result('json', json), null);

describe('apartSentence', () => {
  it('below the minimum a side, names no side and says how many runs to use', () => {
    const v = versus([20, 21], [10, 11]);
    expect(apartSentence(v, { variant: 2, against: 2 })).toBe(
      `grpc vs json: 2 runs a side cannot tell these apart; use ${MIN_RUNS_FOR_VERDICT} or more.`,
    );
    expect(apartSentence(v, { variant: 1, against: 4 })).toMatch(/^grpc vs json: 1 run a side cannot/);
  });

  it('says the runs tell them apart only when both the medians and the ratio interval do, with the figures', () => {
    const v = versus([20, 20.5, 21, 19.5, 20.2], [10, 10.2, 9.9, 10.1, 10.3]);
    expect(v.distinguishable).toBe(true);
    expect(apartSentence(v, { variant: 5, against: 5 })).toMatch(
      /^grpc vs json: the runs tell these apart: grpc took 2\.00× the time of json \(95% CI \d\.\d\d–\d\.\d\d\)\.$/,
    );
  });

  it('when they cannot, estimates the runs that might, or says no allowed number would', () => {
    // Medians 5% apart, runs spread ±30%: the interval spans 1.
    const v = versus([7, 10.5, 13.5, 9, 12], [7.5, 10, 13, 8.5, 11.5]);
    expect(v.distinguishable).toBe(false);
    const needed = runsToTellApart(v, 5);
    expect(needed).toBeGreaterThan(5);
    expect(apartSentence(v, { variant: 5, against: 5 })).toBe(
      `grpc vs json: 5 runs a side cannot tell these apart: grpc took 1.05× the time of json (95% ` +
        `CI ${v.ratioCi!.low.toFixed(2)}–${v.ratioCi!.high.toFixed(2)}); about ` +
        `${needed.toLocaleString('en-US')} runs a side might, if their spread stays as it is.`,
    );
    expect(apartSentence(v, { variant: 5, against: 5 }, needed - 1)).toMatch(
      new RegExp(
        String.raw`; more runs than a call may ask for \(\d+\) would be needed: any difference is ` +
          String.raw`small against the spread of the runs\.$`,
      ),
    );
    const equal = versus([9, 10, 11, 10.5, 9.5], [9, 10, 11, 10.5, 9.5]);
    expect(runsToTellApart(equal, 5)).toBe(Infinity);
    expect(apartSentence(equal, { variant: 5, against: 5 }, 100)).toMatch(
      /the medians are equal, and more runs would not separate them\.$/,
    );
  });

  it('asks for more runs than it has, never fewer, even when the ratio interval alone excludes 1', () => {
    const v = { ...versus([20, 20.5, 21, 19.5, 20.2], [10, 10.2, 9.9, 10.1, 10.3]), distinguishable: false };
    expect(runsToTellApart(v, 6)).toBe(7);
  });
});
