import { loadLines } from './load-lines';
import { loadRun } from './fixtures/report-runs';

describe('loadLines: the flags of a level', () => {
  it('names a disturbed level with the other CPU beside it, beside its other flags', () => {
    const run = loadRun();
    run.levels[0] = { ...run.levels[0], foreignCpuCores: 0.7, disturbed: true, disturbedAbove: 0.2 };
    run.levels[2] = { ...run.levels[2], foreignCpuCores: 0.1, disturbed: false, disturbedAbove: 0.2 };
    const [json] = loadLines([run], [{ run, runIndex: 0 }]);
    expect(json.flags[0]).toBe('disturbed (0.7 cores of other CPU)');
    expect(json.flags[1]).not.toMatch(/disturbed/);
  });
});
