import { netnsUnsupportedReason } from '@app/network';
import { UsageError } from './usage-error';

/** --hosts (bench and load): netns needs root on Linux with iproute2 (profiles then go on its veth: see netns-hosts.ts). */
export function parseHosts(raw: string | undefined): 'local' | 'netns' {
  if (raw === undefined || raw === 'local') return 'local';
  if (raw !== 'netns') throw new UsageError(`--hosts must be local or netns, got "${raw}"`);
  const unsupported = netnsUnsupportedReason();
  if (unsupported) throw new UsageError(`--hosts netns: ${unsupported}`);
  return 'netns';
}
