/** Host and port of a target address as the config holds it: an http(s) URL (JSON) or host:port (gRPC). */
export function hostPortOf(address: string): { host: string; port: number } {
  if (/^https?:\/\//.test(address)) {
    const url = new URL(address);
    return {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    };
  }
  const match = /^\[?([^\]]+?)\]?:(\d+)$/.exec(address);
  if (!match) throw new Error(`cannot read host and port from ${address}`);
  return { host: match[1], port: Number(match[2]) };
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}
