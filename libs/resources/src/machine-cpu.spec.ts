import { foreignCpu, parseMachineCpu } from './machine-cpu';

// The first lines of a real /proc/stat (2 cores): user nice system idle iowait irq softirq steal guest guest_nice.
const PROC_STAT = `cpu  4705 150 1120 16250 520 0 36 80 300 0
cpu0 2350 75 560 8125 260 0 18 40 150 0
cpu1 2355 75 560 8125 260 0 18 40 150 0
intr 1462898 0 0 0
ctxt 2935296
btime 1700000000
`;

describe('parseMachineCpu', () => {
  it(
    'sums user, nice, system, irq and softirq as busy; idle, iowait and guest (inside user) are not added; ' +
      'steal apart',
    () => {
      expect(parseMachineCpu(PROC_STAT)).toEqual({ busyTicks: 4705 + 150 + 1120 + 0 + 36, stealTicks: 80 });
    },
  );

  it('reads an old kernel line without steal as no steal', () => {
    expect(parseMachineCpu('cpu  10 0 5 100 0\n')).toEqual({ busyTicks: 15, stealTicks: 0 });
  });

  it('is null without a cpu line or with one that is not numbers', () => {
    expect(parseMachineCpu('intr 1 2 3\n')).toBeNull();
    expect(parseMachineCpu('cpu  a b c d\n')).toBeNull();
  });
});

describe('foreignCpu', () => {
  const before = { busyTicks: 1000, stealTicks: 10 };

  it("is the busy time less the own processes' CPU and one tick per core, over the wall time, in cores", () => {
    // 1 s of wall: 150 ticks busy = 1500 ms; own 1000 ms; 2 cores grant 20 ms: 480 ms foreign = 0.48 core.
    expect(foreignCpu(before, { busyTicks: 1150, stealTicks: 30 }, 1000, 1000, 2)).toEqual({
      foreignCpuCores: 0.48,
      stealCores: 0.2,
    });
  });

  it("never goes below zero when the own processes were counted finer than the machine's ticks", () => {
    expect(foreignCpu(before, { busyTicks: 1010, stealTicks: 10 }, 130, 100, 2)).toEqual({
      foreignCpuCores: 0,
      stealCores: 0,
    });
  });

  it('grants a short run its rounding: one tick on each of two cores over 20 ms is not two cores of noise', () => {
    expect(foreignCpu(before, { busyTicks: 1002, stealTicks: 10 }, 0, 20, 2)?.foreignCpuCores).toBe(0);
  });

  it('has no figure without wall time', () => {
    expect(foreignCpu(before, before, 0, 0, 2)).toBeNull();
  });
});
