import type { MachineLook } from '@app/bench';
import { busyMachineLine } from './busy-machine';

const looks = (...foreign: (number | null)[]) => {
  const seen = [...foreign];
  return async (): Promise<MachineLook> => ({
    foreignCpuCores: seen.length > 1 ? seen.shift()! : seen[0],
    load: 0.5,
    cores: 2,
  });
};

describe('busyMachineLine', () => {
  it('says nothing on a quiet machine, or where /proc/stat cannot be read', async () => {
    expect(await busyMachineLine(0.2, looks(0.1))).toBeNull();
    expect(await busyMachineLine(0.2, looks(null))).toBeNull();
  });

  it('names the foreign CPU and the load when either is too high', async () => {
    expect(await busyMachineLine(0.2, looks(0.9))).toBe(
      'the machine is busy before the run: 0.9 cores used by other processes over 500 ms, load average 0.50 ' +
        'on 2 cores; runs above 0.2 cores of foreign CPU are marked disturbed',
    );
    expect(await busyMachineLine(0.2, async () => ({ foreignCpuCores: 0, load: 3.5, cores: 2 }))).toMatch(
      /load average 3\.50 on 2 cores/,
    );
  });
});
