import { levelNoise, openMachineWindow } from './level-noise';

// /proc/stat ticks are 10 ms; two cores, so 20 ms of the machine's busy time are granted before anything is foreign.
const reading = (busyTicks: number, stealTicks = 0, selfCpuMs = 100) => ({
  before: { busyTicks: 0, stealTicks: 0 },
  after: { busyTicks, stealTicks },
  selfCpuMs,
  wallMs: 1000,
});

describe('levelNoise: how quiet the machine was beside a load level', () => {
  it(
    "is the machine's busy time less the level's own (this process, its generators and servers here), over " +
      'the window',
    () => {
      // 1,500 ms busy over 1 s: 100 ms this CLI, 900 ms generators and servers, 20 ms the ticks' grace: 0.48 cores
      // other.
      expect(levelNoise(reading(150, 3), 900, 0.2, 2)).toEqual({
        foreignCpuCores: 0.48,
        stealCores: 0.03,
        disturbed: true,
        disturbedAbove: 0.2,
      });
    },
  );

  it("is quiet when the level's own processes account for the busy time, and at the threshold itself", () => {
    expect(levelNoise(reading(100), 900, 0.2, 2)).toMatchObject({ foreignCpuCores: 0, disturbed: false });
    expect(levelNoise(reading(122), 900, 0.2, 2)).toMatchObject({ foreignCpuCores: 0.2, disturbed: false });
    expect(levelNoise(reading(150), 900, 0.5, 2)).toMatchObject({ disturbed: false, disturbedAbove: 0.5 });
  });

  it('is null where the machine could not be read', () => {
    expect(levelNoise(null, 900)).toBeNull();
  });
});

describe('openMachineWindow', () => {
  const linux = process.platform === 'linux' ? it : it.skip;
  linux('reads the machine at both edges on Linux, keeping the first end', async () => {
    const window = openMachineWindow();
    expect(window.reading()).toBeNull();
    await new Promise((r) => setTimeout(r, 30));
    window.end();
    const first = window.reading();
    expect(first).toMatchObject({ before: expect.any(Object), after: expect.any(Object) });
    expect(first!.wallMs).toBeGreaterThanOrEqual(25);
    window.end();
    expect(window.reading()).toBe(first);
  });
});
