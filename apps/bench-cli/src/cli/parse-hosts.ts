import { netnsUnsupportedReason } from '@app/network';
import { UsageError } from './usage-error';

/**
 * --hosts (bench and load): netns needs root on Linux with iproute2 (profiles then go on its veth: see netns-hosts.ts).
 * swarm (load only) is checked against docker by the load command, which must ask the daemon.
 */
export function parseHosts(raw: string | undefined): 'local' | 'netns';
export function parseHosts(raw: string | undefined, swarm: true): 'local' | 'netns' | 'swarm';
export function parseHosts(raw: string | undefined, swarm = false): 'local' | 'netns' | 'swarm' {
  if (raw === undefined || raw === 'local') return 'local';
  if (swarm && raw === 'swarm') return 'swarm';
  if (raw !== 'netns')
    throw new UsageError(`--hosts must be local${swarm ? ', netns or swarm' : ' or netns'}, got "${raw}"`);
  const unsupported = netnsUnsupportedReason();
  if (unsupported) throw new UsageError(`--hosts netns: ${unsupported}`);
  return 'netns';
}
