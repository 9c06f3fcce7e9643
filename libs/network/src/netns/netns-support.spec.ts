import { netnsUnsupportedReason, NetnsUnsupportedError, requireNetnsSupport } from './netns-support';

const host = (over: Partial<Parameters<typeof netnsUnsupportedReason>[0]> = {}) => ({
  platform: 'linux' as NodeJS.Platform,
  uid: 0,
  hasCommand: () => true,
  ...over,
});

describe('netnsUnsupportedReason', () => {
  it('is null for root on Linux with iproute2', () => {
    expect(netnsUnsupportedReason(host())).toBeNull();
    expect(() => requireNetnsSupport(host())).not.toThrow();
  });

  it.each([
    ['another system', host({ platform: 'darwin' }), 'network namespaces are Linux only (this is darwin)'],
    [
      'a user other than root',
      host({ uid: 1000 }),
      'network namespaces need root: wirebench creates a namespace and a veth pair (running as uid 1000)',
    ],
    [
      'no tc',
      host({ hasCommand: (c: string) => c !== 'tc' }),
      'network namespaces need "tc" from iproute2, which is not installed (e.g. apt-get install iproute2)',
    ],
  ])('names the one reason on %s', (_, h, reason) => {
    expect(netnsUnsupportedReason(h)).toBe(reason);
    expect(() => requireNetnsSupport(h)).toThrow(new NetnsUnsupportedError(reason));
  });
});
