import type { MachineLook } from './look-at-machine';
import { waitForQuiet } from './wait-for-quiet';

const looks = (...foreign: (number | null)[]) => {
  const seen = [...foreign];
  return async (): Promise<MachineLook> => ({
    foreignCpuCores: seen.length > 1 ? seen.shift()! : seen[0],
    load: 0.5,
    cores: 2,
  });
};

describe('waitForQuiet', () => {
  it('does not wait on a quiet machine, nor where /proc/stat cannot be read', async () => {
    expect(await waitForQuiet(0.2, 1000, looks(0.1))).toBeNull();
    expect(await waitForQuiet(0.2, 1000, looks(null))).toBeNull();
  });

  it('waits until the machine is quiet, and says it waited', async () => {
    expect(await waitForQuiet(0.2, 10_000, looks(1, 0.8, 0.1))).toMatch(/^waited \d+\.\d s for a quiet machine$/);
  });

  it('gives up after its limit and says the machine stayed busy', async () => {
    expect(await waitForQuiet(0.2, 0, looks(1.5))).toBe(
      'the machine stayed busy for 0 s (1.5 cores used by other processes): running anyway',
    );
  });
});
