import type { NetworkProfile } from '../profiles/network-profile.interface';
import { bulkBytes, calibratePath } from './calibrate-path';

const profile = (p: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'p',
  description: '',
  latencyMs: 0,
  jitterMs: 0,
  downMbit: null,
  upMbit: null,
  ...p,
});
const SIZES = { bulkSeconds: 1, minBulkBytes: 1000, maxBulkBytes: 64e6 };

describe('calibratePath', () => {
  it('sizes the bulk transfer to about a second at the nominal rate, within bounds', () => {
    expect(bulkBytes(100, SIZES)).toBe(12.5e6);
    expect(bulkBytes(20, { ...SIZES, bulkSeconds: 0.5 })).toBe(1.25e6);
    expect(bulkBytes(10_000, SIZES)).toBe(64e6);
    expect(bulkBytes(0.001, SIZES)).toBe(1000);
    expect(bulkBytes(null, SIZES)).toBe(64e6);
  });

  it('measures a pass-through profile directly on loopback, with nothing to compare', async () => {
    const c = await calibratePath(profile({ name: 'loopback' }), null, { pings: 5, maxBulkBytes: 4e6 });
    expect(c).toMatchObject({
      profile: 'loopback',
      nominalRttMs: null,
      nominalMbps: null,
      nominalUpMbps: null,
      flagged: false,
      notes: [],
    });
    expect(c.rttMs).toBeGreaterThan(0);
    expect(c.rttMs).toBeLessThan(50);
    expect(c.mbps).toBeGreaterThan(10);
    expect(c.upMbps).toBeGreaterThan(10);
  });

  it('refuses a shaped profile without Toxiproxy rather than measuring an unshaped path', async () => {
    await expect(calibratePath(profile({ name: 'wan', latencyMs: 20 }), null)).rejects.toThrow(
      'profile wan needs Toxiproxy to calibrate its path',
    );
  });
});
