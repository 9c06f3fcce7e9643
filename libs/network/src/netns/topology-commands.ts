import type { LinkAddresses } from './pick-subnet';
import type { TopologyNames } from './netns-names';

/** Ethernet's MTU, as between two hosts on a LAN; loopback's 64 KiB would hide segmentation. */
export const LINK_MTU = 1500;

/**
 * The `ip` calls that build the topology, in order: the namespace, a veth pair whose server end is created straight
 * inside it (so deleting the namespace deletes the pair), addresses on both ends, and everything up, `lo` included
 * (servers and health checks inside may talk to themselves over 127.0.0.1).
 */
export function createTopologyCommands(names: TopologyNames, addresses: LinkAddresses, mtu = LINK_MTU): string[][] {
  const { netns, hostDevice, serverDevice } = names;
  const mtuText = String(mtu);
  return [
    ['ip', 'netns', 'add', netns],
    [
      'ip',
      'link',
      'add',
      'name',
      hostDevice,
      'mtu',
      mtuText,
      'type',
      'veth',
      'peer',
      'name',
      serverDevice,
      'mtu',
      mtuText,
      'netns',
      netns,
    ],
    ['ip', 'addr', 'add', `${addresses.hostAddress}/${addresses.prefixLength}`, 'dev', hostDevice],
    ['ip', 'link', 'set', hostDevice, 'up'],
    ['ip', '-n', netns, 'addr', 'add', `${addresses.serverAddress}/${addresses.prefixLength}`, 'dev', serverDevice],
    ['ip', '-n', netns, 'link', 'set', serverDevice, 'up'],
    ['ip', '-n', netns, 'link', 'set', 'lo', 'up'],
  ];
}

/**
 * The `ip` calls that remove it; each may find its object already gone. The host end goes first: a namespace that
 * a still-running process holds outlives `ip netns del` (only its name is removed), and its veth with it.
 */
export function destroyTopologyCommands(names: TopologyNames): string[][] {
  return [
    ['ip', 'link', 'del', names.hostDevice],
    ['ip', 'netns', 'del', names.netns],
  ];
}

/** `cmd` run inside the namespace: `ip netns exec` execs it, so the pid is the command's own and signals reach it. */
export function prefixCommand(netns: string, cmd: string[]): string[] {
  return ['ip', 'netns', 'exec', netns, ...cmd];
}
