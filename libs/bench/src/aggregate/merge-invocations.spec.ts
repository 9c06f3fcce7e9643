import { sampleResult, samples } from '@app/explain';
import { aggregate } from './aggregate';
import { aggregateRuns } from './aggregate-runs';
import { mergeInvocations, stampInvocation } from './merge-invocations';
import type { ScenarioResult } from '../result/result.interface';
import { judgeNoise } from '../noise/judge-noise';

const base = {
  rowsReceived: 10,
  payloadBytes: 1000,
  verified: true,
  clientCpuMs: 2,
  serverCpuMs: 1,
  clientPeakRssBytes: 100,
  serverPeakRssBytes: 200,
};
const part = (ms: number[], invocation: number, extra: Partial<ScenarioResult> = {}) => {
  const r = sampleResult({
    name: 'rows-100',
    transport: 'json',
    runs: samples(ms, base),
    rowsReceivedPerRun: 10,
    payloadBytesPerRun: 1000,
    ...extra,
  });
  return stampInvocation([{ ...r, stats: aggregateRuns(r.runs) }], invocation)[0];
};

describe('mergeInvocations', () => {
  it('keeps every run with its invocation and recomputes the figures over all of them', () => {
    const merged = mergeInvocations([
      part([10, 11, 12], 1),
      part([20, 21, 22], 2, { endedAt: '2024-05-01T11:00:00.000Z' }),
    ]);
    expect(merged.runs.map((r) => [r.invocation, r.run, r.ms])).toEqual([
      [1, 1, 10],
      [1, 2, 11],
      [1, 3, 12],
      [2, 1, 20],
      [2, 2, 21],
      [2, 3, 22],
    ]);
    expect(merged.stats).toMatchObject({ n: 6, medianMs: 16, minMs: 10, maxMs: 22, invocations: 2 });
    expect(merged.stats.betweenInvocationShare).toBeGreaterThan(0.9);
    expect(merged.resources).toMatchObject({ clientCpuMs: 12, clientCpuMsPerRequest: 2, serverPeakRssBytes: 200 });
    expect(merged.throughput.rowsPerSec).toBe(Math.round(10 / 0.016));
    expect(merged.endedAt).toBe('2024-05-01T11:00:00.000Z');
  });

  it(
    'counts the disturbed runs and the most foreign CPU over every invocation, at the threshold the run was ' +
      'judged by',
    () => {
      const noisy = (foreign: number[], invocation: number) => {
        const p = part([10, 11, 12], invocation);
        return judgeNoise(
          { ...p, runs: p.runs.map((s, i) => ({ ...s, foreignCpuCores: foreign[i], stealCores: 0 })) },
          0.5,
        );
      };
      const merged = mergeInvocations([noisy([0.1, 0.6, 0], 1), noisy([0.9, 0.2, 0.7], 2)]);
      expect(merged.noise).toEqual({
        disturbedAbove: 0.5,
        disturbedRuns: 3,
        maxForeignCpuCores: 0.9,
        maxStealCores: 0,
        replacedDisturbedRuns: 0,
      });
      expect(merged.runs.map((r) => r.disturbed)).toEqual([false, true, false, true, false, true]);
    },
  );

  it('keeps the runs each invocation replaced (--quiet), stamped with it, and counts them over all', () => {
    const replaced = (invocation: number, count: number) => {
      const p = part([10, 11, 12], invocation);
      const runs = p.runs.slice(0, count).map((s) => ({ ...s, foreignCpuCores: 1, disturbed: true }));
      return judgeNoise(stampInvocation([{ ...p, replacedRuns: runs }], invocation)[0]);
    };
    const merged = mergeInvocations([replaced(1, 1), replaced(2, 2)]);
    expect(merged.replacedRuns?.map((r) => [r.invocation, r.run])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
    ]);
    expect(merged.noise?.replacedDisturbedRuns).toBe(3);
    expect(merged.runs).toHaveLength(6);
    expect(mergeInvocations([part([10], 1), part([11], 2)]).replacedRuns).toBeUndefined();
  });

  it('takes the median interval from the two-level bootstrap with several invocations, from ranks with one', () => {
    const one = mergeInvocations([part([10, 11, 12, 10.5, 11.5, 10.2], 1)]);
    const ranks = aggregate([10, 11, 12, 10.5, 11.5, 10.2]);
    expect(one.stats).toEqual({ ...ranks, invocations: 1, betweenInvocationShare: null });
    const two = mergeInvocations([part([10, 11, 12], 1), part([20, 21, 22], 2)]);
    expect(two.stats.medianCiLevel).toBe(0.95);
    // Resampling the two invocations can draw the first twice or the second twice: the interval spans both levels.
    expect(two.stats.medianCiLowMs).toBeLessThanOrEqual(12);
    expect(two.stats.medianCiHighMs).toBeGreaterThanOrEqual(20);
  });

  it('keeps a flagged network path flagged and an unverified invocation unverified', () => {
    const network = {
      profile: 'wan',
      shaping: 'toxiproxy',
      nominalRttMs: 40,
      nominalMbps: 100,
      rttMs: 41,
      mbps: 95,
      flagged: false,
      notes: ['a'],
    };
    const merged = mergeInvocations([
      part([1, 2], 1, { network }),
      part([1, 2], 2, { network: { ...network, flagged: true, notes: ['b'] }, verified: false }),
    ]);
    expect(merged.network).toMatchObject({ rttMs: 41, flagged: true, notes: ['a', 'b'] });
    expect(merged.verified).toBe(false);
  });
});
