import { createTopologyCommands, destroyTopologyCommands, prefixCommand } from './topology-commands';

const names = { netns: 'wb-7-0', hostDevice: 'wb-7-0h', serverDevice: 'wb-7-0s' };
const addresses = { hostAddress: '10.231.0.1', serverAddress: '10.231.0.2', prefixLength: 30 as const };

describe('topology commands', () => {
  it('create the namespace, the veth pair at MTU 1500 with one end inside, both addresses and every link up', () => {
    expect(createTopologyCommands(names, addresses)).toEqual([
      ['ip', 'netns', 'add', 'wb-7-0'],
      [
        'ip',
        'link',
        'add',
        'name',
        'wb-7-0h',
        'mtu',
        '1500',
        'type',
        'veth',
        'peer',
        'name',
        'wb-7-0s',
        'mtu',
        '1500',
        'netns',
        'wb-7-0',
      ],
      ['ip', 'addr', 'add', '10.231.0.1/30', 'dev', 'wb-7-0h'],
      ['ip', 'link', 'set', 'wb-7-0h', 'up'],
      ['ip', '-n', 'wb-7-0', 'addr', 'add', '10.231.0.2/30', 'dev', 'wb-7-0s'],
      ['ip', '-n', 'wb-7-0', 'link', 'set', 'wb-7-0s', 'up'],
      ['ip', '-n', 'wb-7-0', 'link', 'set', 'lo', 'up'],
    ]);
  });

  it('remove the veth before the namespace, which a running process could keep alive', () => {
    expect(destroyTopologyCommands(names)).toEqual([
      ['ip', 'link', 'del', 'wb-7-0h'],
      ['ip', 'netns', 'del', 'wb-7-0'],
    ]);
  });

  it('run a command inside with ip netns exec', () => {
    expect(prefixCommand('wb-7-0', ['node', 'main.js'])).toEqual(['ip', 'netns', 'exec', 'wb-7-0', 'node', 'main.js']);
  });
});
