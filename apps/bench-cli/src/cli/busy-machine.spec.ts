import { busyMachineLine, MachineLook, waitForQuiet } from './busy-machine';

const looks = (...foreign: (number | null)[]) => {
  const seen = [...foreign];
  return async (): Promise<MachineLook> => ({ foreignCpuCores: seen.length > 1 ? seen.shift()! : seen[0], load: 0.5, cores: 2 });
};

describe('busyMachineLine', () => {
  it('says nothing on a quiet machine, or where /proc/stat cannot be read', async () => {
    expect(await busyMachineLine(0.2, looks(0.1))).toBeNull();
    expect(await busyMachineLine(0.2, looks(null))).toBeNull();
  });

  it('names the foreign CPU and the load when either is too high', async () => {
    expect(await busyMachineLine(0.2, looks(0.9))).toBe('the machine is busy before the run: 0.9 cores used by other processes over 500 ms, load average 0.50 on 2 cores; runs above 0.2 cores of foreign CPU are marked disturbed');
    expect(await busyMachineLine(0.2, async () => ({ foreignCpuCores: 0, load: 3.5, cores: 2 }))).toMatch(/load average 3\.50 on 2 cores/);
  });
});

describe('waitForQuiet', () => {
  it('does not wait on a quiet machine', async () => {
    expect(await waitForQuiet(0.2, 1000, looks(0.1))).toBeNull();
  });

  it('waits until the machine is quiet, and says it waited', async () => {
    expect(await waitForQuiet(0.2, 10_000, looks(1, 0.8, 0.1))).toMatch(/^waited \d+\.\d s for a quiet machine$/);
  });

  it('gives up after its limit and says the machine stayed busy', async () => {
    expect(await waitForQuiet(0.2, 0, looks(1.5))).toBe('the machine stayed busy for 0 s (1.5 cores used by other processes): running anyway');
  });
});
