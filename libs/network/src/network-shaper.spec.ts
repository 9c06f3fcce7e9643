import type { NetworkLink } from '@app/config';
import { NetworkShaper, ToxiproxyMissingError } from './network-shaper';
import type { NetworkProfile } from './profiles/network-profile.interface';

const profile = (p: Partial<NetworkProfile>): NetworkProfile => ({
  name: 'x',
  description: '',
  latencyMs: 0,
  jitterMs: 0,
  downMbit: null,
  upMbit: null,
  ...p,
});
const wan = profile({ name: 'wan', latencyMs: 20, jitterMs: 2, downMbit: 100, upMbit: 100 });
const link = (latency: NetworkLink['latency']): NetworkLink => ({ peer: '10.231.0.2', calibrationPort: 4100, latency });
// No Toxiproxy can be found with this environment, so any attempt to start one fails loudly.
const NO_TOXIPROXY = { TOXIPROXY_BIN: '/nonexistent/toxiproxy-server', PATH: '', HOME: '/nonexistent' };

describe('NetworkShaper', () => {
  it('records Toxiproxy alone without a link, and the link mechanisms with one', () => {
    expect(new NetworkShaper(NO_TOXIPROXY).shapingOf(wan)).toBe('toxiproxy');
    expect(new NetworkShaper(NO_TOXIPROXY, link('toxiproxy')).shapingOf(wan)).toBe('tc tbf + toxiproxy latency');
    expect(new NetworkShaper(NO_TOXIPROXY, link('netem')).shapingOf(wan)).toBe('tc tbf + netem');
    expect(new NetworkShaper(NO_TOXIPROXY, link('toxiproxy')).shapingOf(profile({ name: 'loopback' }))).toBe('none');
  });

  it('on a link, dials the server itself when the link does all of the profile, with no proxy to start', async () => {
    const shaper = new NetworkShaper(NO_TOXIPROXY, link('netem'));
    await expect(shaper.route(wan, 'http://10.231.0.2:3001')).resolves.toBe('http://10.231.0.2:3001');
    await expect(
      new NetworkShaper(NO_TOXIPROXY, link('toxiproxy')).route(profile({ downMbit: 20, upMbit: 5 }), '10.231.0.2:3002'),
    ).resolves.toBe('10.231.0.2:3002');
  });

  it('on a link without netem still needs Toxiproxy for the delay', async () => {
    await expect(
      new NetworkShaper(NO_TOXIPROXY, link('toxiproxy')).route(wan, 'http://10.231.0.2:3001'),
    ).rejects.toBeInstanceOf(ToxiproxyMissingError);
  });
});
