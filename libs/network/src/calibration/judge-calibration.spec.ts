import type { NetworkProfile } from '../profiles/network-profile.interface';
import { judgeCalibration } from './judge-calibration';

const profile = (p: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'p',
  description: '',
  latencyMs: 0,
  jitterMs: 0,
  downMbit: null,
  upMbit: null,
  ...p,
});
const wan = profile({ name: 'wan', latencyMs: 20, jitterMs: 2, downMbit: 100, upMbit: 100 });
const mobile = profile({ name: 'mobile', latencyMs: 40, jitterMs: 10, downMbit: 20, upMbit: 5 });

describe('judgeCalibration', () => {
  it('sets the nominal values beside the measured ones: RTT twice the one-way latency, downMbit, upMbit', () => {
    expect(judgeCalibration(wan, { rttMs: 41, mbps: 97, upMbps: 98 })).toEqual({
      profile: 'wan',
      rttMs: 41,
      mbps: 97,
      upMbps: 98,
      nominalRttMs: 40,
      nominalMbps: 100,
      nominalUpMbps: 100,
      flagged: false,
      notes: [],
    });
  });

  it('accepts exactly 20% off and flags anything beyond, saying which way', () => {
    expect(judgeCalibration(wan, { rttMs: 48, mbps: 80, upMbps: 120 }).flagged).toBe(false);
    expect(judgeCalibration(wan, { rttMs: 48.1, mbps: 100, upMbps: 100 })).toMatchObject({
      flagged: true,
      notes: ['round trip 48.1 ms is 20% above the nominal 40 ms (tolerance 20%)'],
    });
    const slow = judgeCalibration(wan, { rttMs: 40, mbps: 61.23, upMbps: 100 });
    expect(slow).toMatchObject({
      flagged: true,
      notes: ['throughput 61.2 Mbit/s is 39% below the nominal 100 Mbit/s (tolerance 20%)'],
    });
  });

  it("judges each direction against its own limit: an asymmetric profile's upload against upMbit", () => {
    expect(judgeCalibration(mobile, { rttMs: 81, mbps: 19.9, upMbps: 4.9 }).flagged).toBe(false);
    // 20 Mbit/s up would be the downlink's figure, not the profile's 5: four times too fast is a miss.
    expect(judgeCalibration(mobile, { rttMs: 81, mbps: 19.9, upMbps: 20 })).toMatchObject({
      flagged: true,
      notes: ['upload throughput 20 Mbit/s is 300% above the nominal 5 Mbit/s (tolerance 20%)'],
    });
  });

  it('flags each miss, and keeps the notes it is given after them', () => {
    const all = judgeCalibration(wan, { rttMs: 10, mbps: 10, upMbps: 10 }, ['rounded']);
    expect(all.notes).toHaveLength(4);
    expect(all.notes[3]).toBe('rounded');
  });

  it('compares nothing for a pass-through profile, and only what a profile sets', () => {
    expect(
      judgeCalibration(profile({ name: 'loopback' }), { rttMs: 0.05, mbps: 20_000, upMbps: 20_000 }),
    ).toMatchObject({ nominalRttMs: null, nominalMbps: null, nominalUpMbps: null, flagged: false });
    expect(judgeCalibration(profile({ downMbit: 50 }), { rttMs: 0.3, mbps: 49, upMbps: 9000 })).toMatchObject({
      nominalRttMs: null,
      nominalMbps: 50,
      nominalUpMbps: null,
      flagged: false,
    });
    expect(judgeCalibration(profile({ latencyMs: 5 }), { rttMs: 10.2, mbps: 9000, upMbps: 9000 })).toMatchObject({
      nominalRttMs: 10,
      nominalMbps: null,
      flagged: false,
    });
  });
});
