import type { NetworkProfile } from '../profiles/network-profile.interface';
import { linkNeedsProxy, linkShapingLabel, linkShapingOf, linkShapingSentence, proxiedPart } from './link-shaping';

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

describe('link shaping', () => {
  it('gives the bandwidth to tbf and the delay to netem, or to Toxiproxy without it', () => {
    expect(linkShapingOf(wan, false)).toEqual({ bandwidth: 'tc tbf', latency: 'toxiproxy' });
    expect(linkShapingOf(wan, true)).toEqual({ bandwidth: 'tc tbf', latency: 'netem' });
    expect(linkShapingOf(profile({ downMbit: 5 }), false)).toEqual({ bandwidth: 'tc tbf', latency: 'none' });
    expect(linkShapingOf(profile({ jitterMs: 1 }), false)).toEqual({ bandwidth: 'none', latency: 'toxiproxy' });
    expect(linkShapingOf(profile({}), true)).toEqual({ bandwidth: 'none', latency: 'none' });
  });

  it('labels what was used, as a result records it', () => {
    expect(linkShapingLabel({ bandwidth: 'tc tbf', latency: 'toxiproxy' })).toBe('tc tbf + toxiproxy latency');
    expect(linkShapingLabel({ bandwidth: 'tc tbf', latency: 'netem' })).toBe('tc tbf + netem');
    expect(linkShapingLabel({ bandwidth: 'none', latency: 'toxiproxy' })).toBe('toxiproxy latency');
    expect(linkShapingLabel({ bandwidth: 'none', latency: 'none' })).toBe('none');
  });

  it('leaves the proxy only the delay and jitter, and only when the link has no netem', () => {
    expect(proxiedPart(wan, false)).toEqual({ ...wan, downMbit: null, upMbit: null });
    expect(proxiedPart(wan, true)).toEqual({ ...wan, latencyMs: 0, jitterMs: 0, downMbit: null, upMbit: null });
    expect(linkNeedsProxy(wan, false)).toBe(true);
    expect(linkNeedsProxy(wan, true)).toBe(false);
    expect(linkNeedsProxy(profile({ downMbit: 20, upMbit: 5 }), false)).toBe(false);
  });

  it('tells the user which mechanism carries what, and why the delay is not netem', () => {
    expect(linkShapingSentence(wan, linkShapingOf(wan, false))).toBe(
      'wan on the veth: bandwidth tc tbf, latency Toxiproxy (no netem in this kernel)',
    );
    expect(linkShapingSentence(wan, linkShapingOf(wan, true))).toBe('wan on the veth: bandwidth tc tbf, latency netem');
    expect(linkShapingSentence(profile({ name: 'loopback' }), linkShapingOf(profile({}), false))).toBe(
      'loopback on the veth: nothing applied',
    );
  });
});
