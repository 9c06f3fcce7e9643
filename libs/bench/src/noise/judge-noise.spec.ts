import type { RunSample, ScenarioResult } from '../result/result.interface';
import { judgeNoise } from './judge-noise';

const sample = (run: number, foreignCpuCores: number | null, stealCores: number | null = 0): RunSample => ({
  run,
  at: '',
  ms: 1,
  rowsReceived: 1,
  payloadBytes: 1,
  verified: true,
  clientCpuMs: null,
  serverCpuMs: null,
  clientPeakRssBytes: null,
  serverPeakRssBytes: null,
  phases: null,
  foreignCpuCores,
  stealCores,
});
const result = (runs: RunSample[]) => ({ runs }) as ScenarioResult;

describe('judgeNoise', () => {
  it('marks each run above the threshold disturbed and sums them up per scenario', () => {
    const judged = judgeNoise(result([sample(1, 0.05), sample(2, 0.6, 0.1), sample(3, 0.2)]), 0.2);
    expect(judged.runs.map((r) => r.disturbed)).toEqual([false, true, false]);
    expect(judged.noise).toEqual({
      disturbedAbove: 0.2,
      disturbedRuns: 1,
      maxForeignCpuCores: 0.6,
      maxStealCores: 0.1,
      replacedDisturbedRuns: 0,
    });
  });

  it('follows the threshold it is given', () => {
    expect(judgeNoise(result([sample(1, 0.05), sample(2, 0.6)]), 0.01).noise?.disturbedRuns).toBe(2);
  });

  it('leaves figures that were not measured empty, never zero', () => {
    const judged = judgeNoise(result([sample(1, null, null), sample(2, null, null)]));
    expect(judged.runs.map((r) => r.disturbed)).toEqual([null, null]);
    expect(judged.noise).toEqual({
      disturbedAbove: 0.2,
      disturbedRuns: null,
      maxForeignCpuCores: null,
      maxStealCores: null,
      replacedDisturbedRuns: 0,
    });
  });

  it('counts the replaced runs apart: they are neither among the runs nor in the figures over them', () => {
    const replacedRuns = [
      { ...sample(1, 1.4), disturbed: true },
      { ...sample(2, 0.9), disturbed: true },
    ];
    const judged = judgeNoise({ ...result([sample(1, 0.05), sample(2, 0.1)]), replacedRuns }, 0.2);
    expect(judged.noise).toEqual({
      disturbedAbove: 0.2,
      disturbedRuns: 0,
      maxForeignCpuCores: 0.1,
      maxStealCores: 0,
      replacedDisturbedRuns: 2,
    });
    expect(judged.replacedRuns).toBe(replacedRuns);
  });
});
