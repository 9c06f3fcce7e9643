import { AddressInfo, connect, createServer, Server, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { CLIENT_PREFACE_BYTES, guardHandshakes } from './guard-handshakes';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const SETTINGS = Buffer.from([0, 0, 0, 4, 0, 0, 0, 0, 0]);
const TIMEOUT_MS = 300;

function listen(): Promise<{ server: Server; port: number }> {
  const server = createServer((socket) => socket.on('error', () => {}));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port })),
  );
}

// A client socket that sends `bytes` and records when the server closed it (null while open).
function client(port: number, bytes: Buffer): { socket: Socket; closedAfterMs: () => number | null } {
  const started = performance.now();
  let closed: number | null = null;
  const socket = connect(port, '127.0.0.1', () => bytes.length > 0 && socket.write(bytes));
  socket.on('error', () => {});
  socket.on('close', () => (closed = performance.now() - started));
  return { socket, closedAfterMs: () => closed };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('guardHandshakes', () => {
  const servers: Server[] = [];
  const sockets: Socket[] = [];
  afterAll(() => {
    sockets.forEach((s) => s.destroy());
    servers.forEach((s) => s.close());
  });

  it('counts the preface as the magic and a SETTINGS frame header', () => {
    expect(CLIENT_PREFACE_BYTES).toBe(PREFACE.length + SETTINGS.length);
  });

  it('destroys connections to its port that have not sent the preface in time, and leaves the others', async () => {
    const guarded = await listen();
    const other = await listen();
    servers.push(guarded.server, other.server);
    const stop = guardHandshakes(guarded.port, TIMEOUT_MS);
    try {
      const silent = client(guarded.port, Buffer.alloc(0));
      const magicOnly = client(guarded.port, PREFACE);
      const preface = client(guarded.port, Buffer.concat([PREFACE, SETTINGS]));
      const elsewhere = client(other.port, Buffer.alloc(0));
      sockets.push(silent.socket, magicOnly.socket, preface.socket, elsewhere.socket);
      await sleep(TIMEOUT_MS * 3);
      for (const cut of [silent, magicOnly]) {
        expect(cut.closedAfterMs()).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
        expect(cut.closedAfterMs()).toBeLessThan(TIMEOUT_MS * 2);
      }
      expect(preface.closedAfterMs()).toBeNull();
      expect(elsewhere.closedAfterMs()).toBeNull();
    } finally {
      stop();
    }
    // Once stopped, it guards nothing.
    const after = client(guarded.port, Buffer.alloc(0));
    sockets.push(after.socket);
    await sleep(TIMEOUT_MS * 2);
    expect(after.closedAfterMs()).toBeNull();
  });
});
