import type { TargetInfo } from '../transports/rows-transport.interface';

/** Host and port of a transport's target: an http(s) URL for JSON, host:port for gRPC. */
export function targetHostPort(target: TargetInfo): { host: string; port: number } {
  if (/^https?:\/\//.test(target.address)) {
    const url = new URL(target.address);
    return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)) };
  }
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target.address);
  if (!match) throw new Error(`cannot read host and port from ${target.address}`);
  return { host: match[1], port: Number(match[2]) };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
