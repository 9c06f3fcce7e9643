import { tbfArgs, tbfParameters } from './tbf-parameters';

describe('tbfParameters', () => {
  it('at 1 Gbit/s holds a 4 ms tick of traffic in the bucket, so late timer wake-ups do not lower the rate', () => {
    const p = tbfParameters(1000, 0.5);
    expect(p).toEqual({ rateBit: 1e9, burstBytes: 500_000, limitBytes: 500_000 + 2_500_000 });
  });

  it('at low rates keeps a bucket of a few frames and a queue of at least 64 KiB', () => {
    expect(tbfParameters(5, 0)).toEqual({ rateBit: 5e6, burstBytes: 4 * 1514, limitBytes: 64 * 1024 });
  });

  it("queues one round trip of the profile's delay, so one TCP flow keeps the link full", () => {
    // 100 Mbit/s = 12.5 MB/s; 40 ms round trip = 500 kB queue, on top of the 50 kB bucket.
    expect(tbfParameters(100, 40)).toEqual({ rateBit: 1e8, burstBytes: 50_000, limitBytes: 550_000 });
  });

  it('spells the rate in bit/s and sizes in bytes for tc', () => {
    expect(tbfArgs(tbfParameters(2.5, 0))).toEqual(['rate', '2500000bit', 'burst', '6056', 'limit', '65536']);
  });
});
