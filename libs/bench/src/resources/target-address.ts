import { hostPortOf } from '@app/config';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';

/**
 * Host and port of the server behind a transport's target (an http(s) URL for JSON, host:port for gRPC): its own
 * address, not that of a shaping proxy in front of it.
 */
export function targetHostPort(target: TargetInfo): { host: string; port: number } {
  return hostPortOf(target.serverAddress ?? target.address);
}

export { isLoopback } from '@app/config';
