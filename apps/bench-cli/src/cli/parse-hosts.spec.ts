import { netnsUnsupportedReason } from '@app/network';
import { parseHosts } from './parse-hosts';
import { UsageError } from './usage-error';

describe('parseHosts (--hosts of bench and load)', () => {
  it('is local unless told, and refuses anything but local or netns', () => {
    expect(parseHosts(undefined)).toBe('local');
    expect(parseHosts('local')).toBe('local');
    expect(() => parseHosts('moon')).toThrow(new UsageError('--hosts must be local or netns, got "moon"'));
  });

  it('netns where this machine can make namespaces, else the reason', () => {
    const reason = netnsUnsupportedReason();
    if (reason === null) expect(parseHosts('netns')).toBe('netns');
    else expect(() => parseHosts('netns')).toThrow(new UsageError(`--hosts netns: ${reason}`));
  });
});
