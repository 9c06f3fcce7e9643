import { findToxiproxy, isPassThrough, loadNetworkProfiles, NetworkProfileError, selectNetworkProfiles } from '@app/network';
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
 * commands call this before starting anything (kept out of parsing, which only judges the words typed).
 */
export function requireShaperFor(networks: string[] | undefined): void {
  if (!networks) return;
  const shaped = selectNetworkProfiles(networks.join(','), loadNetworkProfiles()).some((p) => !isPassThrough(p));
  const toxiproxy = shaped ? findToxiproxy() : null;
  if (toxiproxy && 'reason' in toxiproxy) throw new UsageError(`--network ${networks.join(',')} needs Toxiproxy: ${toxiproxy.reason}`);
}
