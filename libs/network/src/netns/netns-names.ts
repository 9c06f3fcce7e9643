/** Every namespace and link wirebench creates starts with this, so leftovers can be found and told apart. */
export const NETNS_PREFIX = 'wb-';

// Linux interface names hold at most 15 characters (IFNAMSIZ 16 with the terminating NUL).
const IFNAME_MAX = 15;

export interface TopologyNames {
  /** The network namespace the servers run in. */
  netns: string;
  /** The veth end that stays in the client's namespace. */
  hostDevice: string;
  /** The veth end moved into the servers' namespace. */
  serverDevice: string;
}

/** `wb-<pid>-<n>` for the namespace, with `h` (host) and `s` (server) for the veth ends. */
export function topologyNames(pid: number, n: number): TopologyNames {
  const netns = `${NETNS_PREFIX}${pid}-${n}`;
  const names = { netns, hostDevice: `${netns}h`, serverDevice: `${netns}s` };
  if (names.hostDevice.length > IFNAME_MAX)
    throw new Error(`${names.hostDevice}: longer than the ${IFNAME_MAX} characters an interface name may have`);
  return names;
}

/** The prefix this process's objects share, for finding what it left behind. */
export function processPrefix(pid = process.pid): string {
  return `${NETNS_PREFIX}${pid}-`;
}
