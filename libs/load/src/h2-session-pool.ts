import { RawH2Connection, RepeatedRequest, StreamHandler } from './raw-h2-connection';

/**
 * A gRPC address as a URL: host:port (the grpc-js servers' addresses) or an http:// URL (the Connect servers' h2c
 * listeners, configured as URLs because their other routes are plain HTTP).
 */
export function h2Url(address: string): URL {
  return new URL(/^https?:\/\//.test(address) ? address : `http://${address}`);
}

/**
 * `size` connections to one address for one repeated request, each opened on first use and opened again on the
 * next use after it failed or was told to go away: a dead or restarted server costs failed calls, never the
 * generator.
 */
export class H2SessionPool {
  private readonly connections: (RawH2Connection | undefined)[];
  private readonly host: string;
  private readonly port: number;

  constructor(
    address: string,
    size: number,
    private readonly request: RepeatedRequest,
  ) {
    const url = h2Url(address);
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(url.port || 80);
    this.connections = new Array(size).fill(undefined);
  }

  /** Sends the request for caller `i` on its connection; returns a cancel that resets the stream. */
  open(i: number, handler: StreamHandler): (rstCode: number) => void {
    const slot = i % this.connections.length;
    let connection = this.connections[slot];
    if (!connection || !connection.usable) {
      connection = new RawH2Connection(this.host, this.port, this.request);
      this.connections[slot] = connection;
    }
    return connection.open(handler);
  }

  close(): void {
    for (const c of this.connections) c?.close();
    this.connections.fill(undefined);
  }
}
