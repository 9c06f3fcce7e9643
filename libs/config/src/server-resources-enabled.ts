import { isLoopback } from './host-port-of';
import type { ServerResourcesMode } from './wirebench-config.interface';

/**
 * Whether a server bound to `host` answers the resource admin endpoint, and why, for its start-up line. `auto` is
 * on only for a loopback bind: a server reachable from other hosts reports itself only when told to.
 */
export function serverResourcesEnabled(mode: ServerResourcesMode, host: string): { enabled: boolean; why: string } {
  if (mode === 'on') return { enabled: true, why: 'SERVER_RESOURCES=on' };
  if (mode === 'off') return { enabled: false, why: 'SERVER_RESOURCES=off' };
  const local = isLoopback(host.replace(/^\[|\]$/g, ''));
  return {
    enabled: local,
    why: local ? `bound to loopback ${host}` : `bound to ${host}, not loopback; SERVER_RESOURCES=on enables it`,
  };
}
