import {
  detectNetem,
  findToxiproxy,
  isPassThrough,
  linkNeedsProxy,
  loadNetworkProfiles,
  NetworkProfile,
  NetworkProfileError,
  selectNetworkProfiles,
} from '@app/network';
import { UsageError } from './usage-error';

/** --network LIST: each name must be a configured profile; an unknown one is refused, listing the valid ones. */
export function parseNetworks(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  try {
    return selectNetworkProfiles(raw, loadNetworkProfiles(), '--network').map((p) => p.name);
  } catch (error) {
    if (error instanceof NetworkProfileError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * The client shapes the paths through Toxiproxy; without it a shaped profile would fail on the first case, so the
 * commands call this before starting anything (kept out of parsing, which only judges the words typed). On a
 * second host (`--hosts netns`) tbf carries the bandwidth, so Toxiproxy is needed only for a delay without netem.
 */
export function requireShaperFor(networks: string[] | undefined, hosts: 'local' | 'netns' = 'local'): void {
  if (!networks) return;
  const profiles = selectNetworkProfiles(networks.join(','), loadNetworkProfiles());
  const needy = hosts === 'netns' ? needsProxyOnLink(profiles) : profiles.filter((p) => !isPassThrough(p));
  const toxiproxy = needy.length > 0 ? findToxiproxy() : null;
  if (toxiproxy && 'reason' in toxiproxy) {
    const why =
      hosts === 'netns'
        ? ` for the latency of ${needy.map((p) => p.name).join(', ')} on the veth (this kernel has no netem)`
        : '';
    throw new UsageError(`--network ${networks.join(',')} needs Toxiproxy${why}: ${toxiproxy.reason}`);
  }
}

// netem is probed only when some profile has a delay at all: the probe makes a namespace.
function needsProxyOnLink(profiles: NetworkProfile[]): NetworkProfile[] {
  const delayed = profiles.filter((p) => p.latencyMs > 0 || p.jitterMs > 0);
  if (delayed.length === 0) return [];
  const netem = detectNetem().available;
  return delayed.filter((p) => linkNeedsProxy(p, netem));
}
