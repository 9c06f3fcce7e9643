import { hostPortOf } from '@app/config';
import type { TargetInfo } from '../transports/rows-transport.interface';

/** Host and port of a transport's target: an http(s) URL for JSON, host:port for gRPC. */
export function targetHostPort(target: TargetInfo): { host: string; port: number } {
  return hostPortOf(target.address);
}

export { isLoopback } from '@app/config';
