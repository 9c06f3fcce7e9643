import { networksInUse, pickLinkAddresses } from './pick-subnet';

describe('pickLinkAddresses', () => {
  it('takes .1 for the client and .2 for the servers of the starting /30 when nothing overlaps', () => {
    expect(pickLinkAddresses([{ address: '192.0.2.2', prefixLength: 24 }], 0)).toEqual({
      hostAddress: '10.231.0.1',
      serverAddress: '10.231.0.2',
      prefixLength: 30,
    });
    expect(pickLinkAddresses([], 65)).toEqual({
      hostAddress: '10.231.1.5',
      serverAddress: '10.231.1.6',
      prefixLength: 30,
    });
  });

  it('skips blocks an address or a route overlaps', () => {
    const used = [
      { address: '10.231.0.2', prefixLength: 32 },
      { address: '10.231.0.4', prefixLength: 30 },
    ];
    expect(pickLinkAddresses(used, 0).hostAddress).toBe('10.231.0.9');
  });

  it('wraps around from the last block and fails clearly when a wider network covers the pool', () => {
    expect(pickLinkAddresses([{ address: '10.231.255.252', prefixLength: 30 }], 16_383).hostAddress).toBe('10.231.0.1');
    expect(() => pickLinkAddresses([{ address: '10.0.0.0', prefixLength: 8 }], 0)).toThrow(
      'no free /30 in 10.231.0.0/16',
    );
  });
});

describe('networksInUse', () => {
  it('reads addresses and route destinations from ip -j, ignoring the default route and empty output', () => {
    const addr = JSON.stringify([
      { ifname: 'lo', addr_info: [{ local: '127.0.0.1', prefixlen: 8 }] },
      { ifname: 'eth0', addr_info: [{ local: '192.0.2.2', prefixlen: 24 }] },
    ]);
    const route = JSON.stringify([
      { dst: 'default', gateway: '192.0.2.1' },
      { dst: '10.231.0.0/30' },
      { dst: '10.1.2.3' },
    ]);
    expect(networksInUse(addr, route)).toEqual([
      { address: '127.0.0.1', prefixLength: 8 },
      { address: '192.0.2.2', prefixLength: 24 },
      { address: '10.231.0.0', prefixLength: 30 },
      { address: '10.1.2.3', prefixLength: 32 },
    ]);
    expect(networksInUse('', '\n')).toEqual([]);
  });
});
