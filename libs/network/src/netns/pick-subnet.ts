/** The point-to-point link's addresses: the client's end (current namespace) and the servers' end (the namespace). */
export interface LinkAddresses {
  hostAddress: string;
  serverAddress: string;
  prefixLength: 30;
}

/** An IPv4 network as `ip` prints it: an address and its prefix length. */
export interface Ipv4Network {
  address: string;
  prefixLength: number;
}

// 10.231.0.0/16 is private (RFC 1918) and rarely used by container or VPN defaults (10.0/8 splits, 172.17, 192.168):
// it holds 16,384 /30 links, one per topology.
const POOL_BASE = ipToNumber('10.231.0.0');
const POOL_BLOCKS = 16_384;

/**
 * The first /30 of 10.231.0.0/16 that overlaps no address or route in use, searching from `start` (derived from the
 * pid, so that two wirebench processes picking at the same moment rarely start on the same block).
 */
export function pickLinkAddresses(inUse: Ipv4Network[], start: number): LinkAddresses {
  const taken = inUse.map(toRange);
  for (let i = 0; i < POOL_BLOCKS; i++) {
    const block = (((start + i) % POOL_BLOCKS) + POOL_BLOCKS) % POOL_BLOCKS;
    const first = POOL_BASE + block * 4;
    if (taken.some(([lo, hi]) => lo <= first + 3 && first <= hi)) continue;
    return { hostAddress: numberToIp(first + 1), serverAddress: numberToIp(first + 2), prefixLength: 30 };
  }
  throw new Error('no free /30 in 10.231.0.0/16: every block overlaps an address or route of this host');
}

/**
 * Addresses from `ip -j -4 addr` and destinations from `ip -j -4 route`; the default route overlaps nothing we mean.
 */
export function networksInUse(addrJson: string, routeJson: string): Ipv4Network[] {
  const addresses = parseJsonArray<{ addr_info?: { local?: string; prefixlen?: number }[] }>(addrJson)
    .flatMap((link) => link.addr_info ?? [])
    .filter(
      (a): a is { local: string; prefixlen: number } => typeof a.local === 'string' && typeof a.prefixlen === 'number',
    )
    .map((a) => ({ address: a.local, prefixLength: a.prefixlen }));
  const routes = parseJsonArray<{ dst?: string }>(routeJson)
    .map((r) => r.dst ?? 'default')
    .filter((dst) => dst !== 'default')
    .map((dst) => {
      const [address, length] = dst.split('/');
      return { address, prefixLength: length === undefined ? 32 : Number(length) };
    });
  return [...addresses, ...routes].filter((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n.address));
}

/** `ip -j` prints nothing at all (not `[]`) when there is nothing to list. */
export function parseJsonArray<T>(text: string): T[] {
  return text.trim() === '' ? [] : (JSON.parse(text) as T[]);
}

function toRange({ address, prefixLength }: Ipv4Network): [number, number] {
  const size = 2 ** (32 - prefixLength);
  const first = Math.floor(ipToNumber(address) / size) * size;
  return [first, first + size - 1];
}

function ipToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function numberToIp(n: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
}
