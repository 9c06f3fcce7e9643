import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1 that counts the bytes it passes each way: everything the client and server put on
 * the socket (HTTP headers, HTTP/2 and gRPC framing, bodies), not TCP/IP headers. Used in a separate pass, so
 * it adds nothing to timed runs.
 */
export class CountingRelay {
  /** Client -> server. */
  bytesOut = 0;
  /** Server -> client. */
  bytesIn = 0;
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<CountingRelay> {
    let relay: CountingRelay | undefined;
    const server = createServer((client) => relay!.relay(client, targetHost, targetPort));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', resolve);
    });
    relay = new CountingRelay(server, (server.address() as AddressInfo).port);
    return relay;
  }

  reset(): void {
    this.bytesOut = 0;
    this.bytesIn = 0;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: Socket, host: string, port: number): void {
    const upstream = connect(port, host);
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    }
    client.on('data', (chunk: Buffer) => (this.bytesOut += chunk.length));
    upstream.on('data', (chunk: Buffer) => (this.bytesIn += chunk.length));
    client.pipe(upstream);
    upstream.pipe(client);
    // One side failing or closing ends the pair, as a direct connection would.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }
}
