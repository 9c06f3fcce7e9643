import type { NetworkProfile } from '../profiles/network-profile.interface';
import { mbitToToxiproxyRate, profileToxics, toxiproxyRateToMbit } from './profile-toxics';

const profile = (p: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'p',
  description: '',
  latencyMs: 0,
  jitterMs: 0,
  downMbit: null,
  upMbit: null,
  ...p,
});

describe('profile toxics', () => {
  it('converts Mbit/s (10^6 bit/s) to Toxiproxy rate units (1000 bytes per second each)', () => {
    expect(mbitToToxiproxyRate(1000)).toBe(125_000);
    expect(mbitToToxiproxyRate(100)).toBe(12_500);
    expect(mbitToToxiproxyRate(20)).toBe(2500);
    expect(mbitToToxiproxyRate(5)).toBe(625);
    expect(mbitToToxiproxyRate(0.001)).toBe(1);
    expect(toxiproxyRateToMbit(12_500)).toBe(100);
  });

  it('gives latency and jitter to both directions and each direction its own bandwidth', () => {
    const { toxics, notes } = profileToxics(profile({ latencyMs: 40, jitterMs: 10, downMbit: 20, upMbit: 5 }));
    expect(notes).toEqual([]);
    expect(toxics.map((t) => [t.name, t.type, t.stream, t.attributes])).toEqual([
      ['latency_downstream', 'latency', 'downstream', { latency: 40, jitter: 10 }],
      ['latency_upstream', 'latency', 'upstream', { latency: 40, jitter: 10 }],
      ['bandwidth_downstream', 'bandwidth', 'downstream', { rate: 2500 }],
      ['bandwidth_upstream', 'bandwidth', 'upstream', { rate: 625 }],
    ]);
  });

  it('leaves out what the profile does not limit', () => {
    expect(profileToxics(profile({})).toxics).toEqual([]);
    expect(profileToxics(profile({ latencyMs: 5 })).toxics.map((t) => t.name)).toEqual([
      'latency_downstream',
      'latency_upstream',
    ]);
    expect(profileToxics(profile({ downMbit: 100 })).toxics.map((t) => t.name)).toEqual(['bandwidth_downstream']);
  });

  it("says what whole-unit rounding changes, e.g. lan's 0.25 ms one way", () => {
    const { toxics, notes } = profileToxics(profile({ latencyMs: 0.25, downMbit: 1000, upMbit: 0.0042 }));
    expect(toxics.map((t) => t.name)).toEqual(['bandwidth_downstream', 'bandwidth_upstream']);
    expect(notes).toEqual([
      "latencyMs 0.25 applied as 0 ms each way: Toxiproxy's latency toxic takes whole milliseconds",
      "upMbit 0.0042 applied as 0.008 Mbit/s: Toxiproxy's bandwidth rate is a whole number of KB/s (1 KB = 1000 bytes)",
    ]);
  });
});
