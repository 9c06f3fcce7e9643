import { processPrefix, topologyNames } from './netns-names';

describe('topologyNames', () => {
  it('derives the namespace and both veth ends from the pid and a counter', () => {
    expect(topologyNames(4242, 0)).toEqual({
      netns: 'wb-4242-0',
      hostDevice: 'wb-4242-0h',
      serverDevice: 'wb-4242-0s',
    });
    expect(topologyNames(4242, 3).netns.startsWith(processPrefix(4242))).toBe(true);
  });

  it('fits the largest Linux pid (4194304) into an interface name, and refuses what would not fit', () => {
    expect(topologyNames(4_194_304, 99).hostDevice).toHaveLength(14);
    expect(() => topologyNames(4_194_304, 12345)).toThrow('longer than the 15 characters');
  });
});
