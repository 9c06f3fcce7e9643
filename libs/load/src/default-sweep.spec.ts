import { defaultSweep, defaultSweepText } from './default-sweep';

describe('defaultSweep', () => {
  it('leaves out the levels a small machine cannot drive without being the limit itself', () => {
    // The issue: c = 500 timed out on a 2-core machine, where generator and server shared both cores.
    expect(defaultSweep(1)).toEqual([1, 10, 50, 100]);
    expect(defaultSweep(2)).toEqual([1, 10, 50, 100]);
    expect(defaultSweep(4)).toEqual([1, 10, 50, 100]);
    expect(defaultSweep(5)).toEqual([1, 10, 50, 100, 500]);
    expect(defaultSweep(64)).toEqual([1, 10, 50, 100, 500]);
  });

  it('is said in --help with the machine it was derived from', () => {
    expect(defaultSweepText(2)).toBe(
      "1,10,50,100 on this machine's 2 cores; up to 1,10,50,100,500, at most 100 callers per core",
    );
  });
});
