import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPassThrough } from './network-profile.interface';
import { loadNetworkProfiles, NetworkProfileError, selectNetworkProfiles } from './load-network-profiles';

function userFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'wb-profiles-')), 'profiles.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('network profiles', () => {
  it("the repository's file holds the five docs/network.md names, with their figures", () => {
    const p = loadNetworkProfiles({});
    expect(Object.keys(p)).toEqual(['loopback', 'lan', 'region', 'wan', 'mobile']);
    expect(isPassThrough(p.loopback)).toBe(true);
    expect(p.lan).toMatchObject({ latencyMs: 0.25, jitterMs: 0, downMbit: 1000, upMbit: 1000 });
    expect(p.region).toMatchObject({ latencyMs: 5, downMbit: 1000 });
    expect(p.wan).toMatchObject({ latencyMs: 20, jitterMs: 2, downMbit: 100, upMbit: 100 });
    expect(p.mobile).toMatchObject({ latencyMs: 40, jitterMs: 10, downMbit: 20, upMbit: 5 });
    expect(isPassThrough(p.wan)).toBe(false);
  });

  it("a user's file adds profiles and wins on a name", () => {
    const file = userFile({
      profiles: {
        satellite: { latencyMs: 300, downMbit: 50, upMbit: 5 },
        wan: { latencyMs: 30, downMbit: 50, upMbit: 50 },
      },
    });
    const p = loadNetworkProfiles({ NETWORK_PROFILES_FILE: file });
    expect(p.satellite).toEqual({
      name: 'satellite',
      description: '',
      latencyMs: 300,
      jitterMs: 0,
      downMbit: 50,
      upMbit: 5,
    });
    expect(p.wan.latencyMs).toBe(30);
    expect(p.lan.latencyMs).toBe(0.25);
  });

  it.each([
    ['not JSON', '{', /not JSON/],
    ['no profiles object', { wan: {} }, /expected \{"profiles"/],
    ['a bad name', { profiles: { 'Bad Name': {} } }, /lower-case letters/],
    ['negative latency', { profiles: { x: { latencyMs: -1 } } }, /latencyMs must be a number of ms from 0/],
    ['zero bandwidth', { profiles: { x: { downMbit: 0 } } }, /downMbit must be Mbit\/s above 0/],
    ['jitter above latency', { profiles: { x: { latencyMs: 1, jitterMs: 2 } } }, /negative delays/],
  ])('a file with %s is one clear error naming it', (_, content, message) => {
    const file = userFile(content);
    expect(() => loadNetworkProfiles({ NETWORK_PROFILES_FILE: file })).toThrow(NetworkProfileError);
    expect(() => loadNetworkProfiles({ NETWORK_PROFILES_FILE: file })).toThrow(message);
  });

  it('a missing file names itself', () => {
    expect(() => loadNetworkProfiles({ NETWORK_PROFILES_FILE: '/nonexistent/p.json' })).toThrow(
      '/nonexistent/p.json: no such profiles file',
    );
  });

  it('selects names in order, once each, and refuses unknown ones listing the valid', () => {
    const p = loadNetworkProfiles({});
    expect(selectNetworkProfiles('wan,loopback,wan', p).map((x) => x.name)).toEqual(['wan', 'loopback']);
    expect(() => selectNetworkProfiles('wan,moon', p)).toThrow(
      'network: no profile named "moon"; the profiles are loopback, lan, region, wan, mobile',
    );
    expect(() => selectNetworkProfiles('', p)).toThrow('network must name one or more profiles');
  });

  it('takes names exactly: no trimming, no empty items', () => {
    const p = loadNetworkProfiles({});
    expect(() => selectNetworkProfiles('wan ', p)).toThrow(
      'network: no profile named "wan "; the profiles are loopback, lan, region, wan, mobile',
    );
    expect(() => selectNetworkProfiles('wan, loopback', p)).toThrow('no profile named " loopback"');
    expect(() => selectNetworkProfiles('wan,', p)).toThrow('no profile named ""');
    expect(() => selectNetworkProfiles('WAN', p)).toThrow('no profile named "WAN"');
  });
});
