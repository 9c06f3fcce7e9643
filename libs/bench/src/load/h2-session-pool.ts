import { ClientHttp2Session, connect } from 'node:http2';
import { connect as netConnect } from 'node:net';

/**
 * `size` HTTP/2 sessions to one address, each opened on first use and opened again on the next use after it
 * closed (GOAWAY, a socket error, a refused connection): a dead or restarted server costs failed calls, never
 * the generator. Session errors are not thrown here; the streams on the session fail with them.
 */
export class H2SessionPool {
  private readonly sessions: (ClientHttp2Session | undefined)[];
  private readonly host: string;
  private readonly port: number;

  constructor(
    address: string,
    size: number,
    private readonly maxMessageBytes: number,
  ) {
    const url = new URL(`http://${address}`);
    this.host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    this.port = Number(url.port || 80);
    this.sessions = new Array(size).fill(undefined);
  }

  get(i: number): ClientHttp2Session {
    const slot = i % this.sessions.length;
    const existing = this.sessions[slot];
    if (existing && !existing.closed && !existing.destroyed) return existing;
    const session = connect(`http://${this.host}:${this.port}`, {
      // Small replies go out at once: no Nagle delay behind the previous frame's ACK (grpc-js does the same).
      createConnection: () => netConnect({ host: this.host, port: this.port, noDelay: true }),
      // Large replies arrive without waiting on 64 KiB flow-control windows, and many of them in flight do not
      // trip node's per-session memory cap (ENHANCE_YOUR_CALM).
      settings: { initialWindowSize: Math.min(2 ** 31 - 1, Math.max(65_535, this.maxMessageBytes + 5)) },
      maxSessionMemory: Number.MAX_SAFE_INTEGER,
    });
    const drop = () => {
      if (this.sessions[slot] === session) this.sessions[slot] = undefined;
    };
    session.on('error', drop);
    session.on('goaway', drop);
    session.on('close', drop);
    this.sessions[slot] = session;
    return session;
  }

  close(): void {
    for (const s of this.sessions) s?.destroy();
    this.sessions.fill(undefined);
  }
}
