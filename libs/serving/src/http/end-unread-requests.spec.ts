import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { DISCARD_AFTER_ANSWER_BYTES, endUnreadRequests } from './end-unread-requests';

const MIB = 1024 * 1024;
const REQUEST_TIMEOUT_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Refuser {
  server: Server;
  port: number;
  /** The server's side of each connection, in the order they came. */
  sockets: Socket[];
}

/**
 * A loopback server that answers every request 429 at once, reading none of its body (a refusal by declared length).
 */
function refuser(withFix: boolean): Promise<Refuser> {
  const sockets: Socket[] = [];
  // Node adds 1 s to the keep-alive timeout it arms: the connection would be destroyed 1.2 s after the response.
  const server = createServer(
    {
      keepAliveTimeout: 200,
      requestTimeout: REQUEST_TIMEOUT_MS,
      headersTimeout: 1000,
      connectionsCheckingInterval: 100,
    },
    (req, res) => {
      if (!sockets.includes(req.socket)) sockets.push(req.socket);
      res.writeHead(429, { 'content-type': 'application/json', 'content-length': 2 }).end('{}');
    },
  );
  if (withFix) endUnreadRequests(server);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, sockets })),
  );
}

interface RawOutcome {
  answer: string;
  errors: string[];
  ended: boolean;
}

/**
 * A request declaring 200 MiB, its first MiB sent with the head; the answer is not read until `pauseMs` later, and
 * then only after `moreMiB` more were written: a client busy elsewhere when the answer came.
 */
function lateReader(
  port: number,
  connectionHeader: 'close' | 'keep-alive',
  pauseMs: number,
  moreMiB: number,
): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const outcome: RawOutcome = { answer: '', errors: [], ended: false };
    const socket = connect(port, '127.0.0.1');
    socket.pause();
    socket.on('data', (chunk: Buffer) => (outcome.answer += chunk.toString('latin1')));
    socket.on('end', () => (outcome.ended = true));
    socket.on('error', (error: NodeJS.ErrnoException) => outcome.errors.push(error.code ?? error.message));
    socket.write(
      `POST / HTTP/1.1\r\nHost: x\r\nConnection: ${connectionHeader}\r\nContent-Length: ${200 * MIB}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(MIB, 0x20));
    setTimeout(() => {
      for (let i = 0; i < moreMiB; i++) socket.write(Buffer.alloc(MIB, 0x20));
      socket.resume();
      // Long enough to read what came, short of the request timeout.
      setTimeout(() => (socket.destroy(), resolve(outcome)), 300);
    }, pauseMs);
  });
}

describe('endUnreadRequests', () => {
  const servers: Server[] = [];
  const start = async (withFix: boolean) => {
    const started = await refuser(withFix);
    servers.push(started.server);
    return started;
  };
  afterAll(() =>
    Promise.all(servers.map((s) => new Promise((resolve) => (s.closeAllConnections(), s.close(resolve))))),
  );

  it.each(['close', 'keep-alive'] as const)(
    'Connection: %s: a client that reads the refusal only after writing more still reads it, and no error',
    async (header) => {
      const { port } = await start(true);
      const outcome = await lateReader(port, header, 1500, 4);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 429 /);
      expect(outcome.errors).toEqual([]);
      // The server's side ended after its answer: the connection is not for another request.
      expect(outcome.ended).toBe(true);
    },
  );

  it.each(['close', 'keep-alive'] as const)(
    'Connection: %s: without it, the same client gets EPIPE or a reset (what it fixes)',
    async (header) => {
      const { port } = await start(false);
      const outcome = await lateReader(port, header, 1500, 4);
      expect(outcome.errors.length).toBeGreaterThan(0);
    },
  );

  it(
    'reads at most DISCARD_AFTER_ANSWER_BYTES more of the body: a client that keeps sending is held back by ' + 'TCP',
    async () => {
      const { port, sockets } = await start(true);
      await lateReader(port, 'keep-alive', 100, 48);
      // The head and the first MiB, then at most the discard: far from the 49 MiB sent (Node alone read them all).
      expect(sockets[0].bytesRead).toBeLessThan(DISCARD_AFTER_ANSWER_BYTES + 4 * MIB);
    },
  );

  it('lets a connection go as soon as its client closes after the answer, not at the request timeout', async () => {
    const { port, sockets } = await start(true);
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    let answer = '';
    client.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    client.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${200 * MIB}\r\n\r\n`);
    client.write(Buffer.alloc(MIB, 0x20));
    while (!answer.includes('\r\n\r\n')) await sleep(10);
    // What a client has in flight as it learns the answer, then it leaves.
    client.write(Buffer.alloc(2 * MIB, 0x20));
    client.destroy();
    await sleep(300);
    expect(sockets[0].destroyed).toBe(true);
  });

  it('destroys a connection whose client neither reads nor closes at the request timeout', async () => {
    const { port, sockets } = await start(true);
    const client = connect(port, '127.0.0.1');
    client.on('error', () => undefined);
    client.pause();
    client.write(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${200 * MIB}\r\n\r\n`);
    await sleep(REQUEST_TIMEOUT_MS / 2);
    expect(sockets[0].destroyed).toBe(false);
    await sleep(REQUEST_TIMEOUT_MS);
    expect(sockets[0].destroyed).toBe(true);
    client.destroy();
  });

  it('keeps the connection of a request whose body arrived whole, for the next request', async () => {
    const { port, sockets } = await start(true);
    const client = connect(port, '127.0.0.1');
    let received = '';
    let ended = false;
    client.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    client.on('end', () => (ended = true));
    const answers = () => received.split('HTTP/1.1 429').length - 1;
    for (const expected of [1, 2]) {
      client.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc');
      while (answers() < expected) await sleep(10);
      // Past the turn in which the connection's fate is decided.
      await sleep(50);
    }
    expect(ended).toBe(false);
    expect(sockets).toHaveLength(1);
    client.destroy();
  });

  it('closes the connection of a whole request that asked Connection: close, as Node does', async () => {
    const { port, sockets } = await start(true);
    const client = connect(port, '127.0.0.1');
    client.resume();
    client.write('POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 3\r\n\r\nabc');
    await new Promise((resolve) => client.on('close', resolve));
    await sleep(50);
    expect(sockets[0].destroyed).toBe(true);
  });
});
