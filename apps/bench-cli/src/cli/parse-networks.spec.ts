import { parseNetworks, requireShaperFor } from './parse-networks';

describe('parseNetworks', () => {
  it('keeps configured names in order and refuses an unknown one, listing the valid ones', () => {
    expect(parseNetworks(undefined)).toBeUndefined();
    expect(parseNetworks('wan,loopback')).toEqual(['wan', 'loopback']);
    expect(() => parseNetworks('loopback,moon')).toThrow(
      '--network: no profile named "moon"; the profiles are loopback, lan, region, wan, mobile',
    );
  });
});

describe('requireShaperFor', () => {
  const before = process.env.TOXIPROXY_BIN;
  beforeEach(() => (process.env.TOXIPROXY_BIN = '/nonexistent/toxiproxy-server'));
  afterEach(() => (before === undefined ? delete process.env.TOXIPROXY_BIN : (process.env.TOXIPROXY_BIN = before)));

  it('refuses a shaped profile when there is no Toxiproxy, saying how to install it', () => {
    expect(() => requireShaperFor(['loopback', 'wan'])).toThrow(
      /--network loopback,wan needs Toxiproxy: .*\/nonexistent\/toxiproxy-server.*setup:toxiproxy/,
    );
  });

  it('needs nothing for loopback alone or without --network', () => {
    expect(() => requireShaperFor(['loopback'])).not.toThrow();
    expect(() => requireShaperFor(undefined)).not.toThrow();
  });
});
