// Both built gRPC servers (Nest and bare grpc-js) under connections that never do anything useful: sockets that
// send nothing, only the HTTP/2 magic, or the whole client preface and then nothing. Before the handshake guard
// and the idle and keepalive timeouts (GRPC_HANDSHAKE_TIMEOUT_MS, GRPC_IDLE_TIMEOUT_MS, GRPC_KEEPALIVE_*), each held
// its file descriptor for as long as the client wanted. Here every kind must be closed in its timeout plus a
// margin, the server's fds must come back to where they were, and real calls and a stream held open for longer
// than every timeout must be untouched.
import * as grpc from '@grpc/grpc-js';
import { performance } from 'node:perf_hooks';
import { checksum, iterateRows, rows } from '@app/data-generator';
import { loadSamplePackageDefinition } from '@app/grpc';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';
import {
  fdCount,
  fdPeak,
  FRAME_GOAWAY,
  FRAME_PING,
  H2_MAGIC,
  H2_PREFACE,
  openRawConnections,
  RawConnection,
} from './support/raw-connections';

jest.setTimeout(60_000);

const PER_KIND = 150;
const HANDSHAKE_MS = 1000;
const IDLE_MS = 2000;
const KEEPALIVE_MS = 500;
// Allowed beyond a timeout: 450 sockets on a busy 2-core machine.
const MARGIN_MS = 2000;
// A timer may fire a little early against this process's clock, which starts at the connect call.
const EARLY_MS = 100;
const APPS = ['grpc-server', 'bare-grpc-server'] as const;
type App = (typeof APPS)[number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function startServer(app: App, timeouts: Record<string, string>): Promise<{ proc: AppProcess; port: number }> {
  const env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()), MAX_ROWS: '100000', ...timeouts });
  const proc = AppProcess.start(app, env);
  await proc.waitFor(LISTENING);
  return { proc, port: Number(app === 'grpc-server' ? env.GRPC_SERVER_PORT : env.BARE_GRPC_SERVER_PORT) };
}

/** Waits until every connection is closed or `ms` have passed. */
async function untilClosed(connections: RawConnection[], ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline && connections.some((c) => c.closedAfterMs === null)) await sleep(50);
}

const closeTimes = (connections: RawConnection[]) => connections.map((c) => c.closedAfterMs ?? Infinity);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

function sampleClient(port: number): grpc.Client & Record<string, (...args: any[]) => any> {
  const pkg = grpc.loadPackageDefinition(loadSamplePackageDefinition()) as any;
  return new pkg.sample.SampleService(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
}

function getSamples(
  client: grpc.Client & Record<string, (...args: any[]) => any>,
  count: number,
): Promise<{ samples: any[] }> {
  return new Promise((resolve, reject) =>
    client.GetSamples({ count }, { deadline: Date.now() + 10_000 }, (error: grpc.ServiceError | null, reply: any) =>
      error ? reject(error) : resolve(reply),
    ),
  );
}

/**
 * StreamSamples read with a pause of `pauseMs` after the first message: the server waits on flow control all that
 * time with the call open and nothing moving. Resolves with the rows' count and checksum once the stream ends OK.
 */
function pausedStream(
  client: grpc.Client & Record<string, (...args: any[]) => any>,
  count: number,
  pauseMs: number,
): Promise<{ rows: number; digest: unknown }> {
  return new Promise((resolve, reject) => {
    const call = client.StreamSamples({ count, offset: 0, chunk_rows: 1000 });
    const received: any[] = [];
    let paused = false;
    call.on('data', (message: { samples: any[] }) => {
      received.push(...message.samples);
      if (!paused) {
        paused = true;
        call.pause();
        setTimeout(() => call.resume(), pauseMs);
      }
    });
    call.on('error', reject);
    call.on('end', () => resolve({ rows: received.length, digest: checksum(received) }));
  });
}

describe.each(APPS)('%s', (app) => {
  describe(`handshake ${HANDSHAKE_MS} ms and idle ${IDLE_MS} ms timeouts`, () => {
    let server: { proc: AppProcess; port: number };
    const opened: RawConnection[] = [];

    beforeAll(async () => {
      // Keepalive far off, so that what closes a connection here is the handshake guard or the idle timeout.
      server = await startServer(app, {
        GRPC_HANDSHAKE_TIMEOUT_MS: String(HANDSHAKE_MS),
        GRPC_IDLE_TIMEOUT_MS: String(IDLE_MS),
        GRPC_KEEPALIVE_TIME_MS: '3600000',
      });
    });
    afterAll(async () => {
      opened.forEach((c) => c.socket.destroy());
      await server?.proc.stop();
    });

    it(
      `closes ${PER_KIND} silent, ` +
        `${PER_KIND} magic-only and ${PER_KIND} preface-only connections, and its fds come back`,
      async () => {
        const pid = server.proc.child.pid!;
        const baseline = fdCount(pid);
        const started = performance.now();
        const sampling = fdPeak(pid);
        const [silent, magic, preface] = await Promise.all([
          openRawConnections(server.port, PER_KIND, Buffer.alloc(0)),
          openRawConnections(server.port, PER_KIND, H2_MAGIC),
          openRawConnections(server.port, PER_KIND, H2_PREFACE),
        ]);
        const attempt = [...silent, ...magic, ...preface];
        opened.push(...attempt);
        await untilClosed(attempt, 2 * IDLE_MS + MARGIN_MS + (performance.now() - started));
        // The server really held them all at once: the 3,021 fds, scaled down.
        const held = sampling.stop();
        expect(held).toBeGreaterThanOrEqual(baseline + 3 * PER_KIND * 0.9);
        const cut = closeTimes([...silent, ...magic]);
        const idled = closeTimes(preface);
        console.log(
          `${app}: fds ${baseline} -> ` +
            `${held} -> ${fdCount(pid)}; ` +
            `${2 * PER_KIND} silent/magic-only closed in ${seconds(Math.min(...cut))}-${seconds(Math.max(...cut))} s ` +
            `(handshake ${HANDSHAKE_MS} ms), ` +
            `${PER_KIND} preface-only in ` +
            `${seconds(Math.min(...idled))}-${seconds(Math.max(...idled))} s (idle ${IDLE_MS} ms)`,
        );
        // Not spoken HTTP/2: destroyed by the handshake guard, without a GOAWAY.
        expect(Math.min(...cut)).toBeGreaterThanOrEqual(HANDSHAKE_MS - EARLY_MS);
        expect(Math.max(...cut)).toBeLessThanOrEqual(HANDSHAKE_MS + MARGIN_MS);
        expect([...silent, ...magic].filter((c) => c.frameTypes.includes(FRAME_GOAWAY))).toEqual([]);
        // A whole preface passes the guard (so these outlive it) and the idle timeout sends GOAWAY. grpc-js closes
        // between one and two idle timeouts: its timer often fires a millisecond short of Date.now()'s count, and is
        // then re-armed for a whole period.
        expect(Math.min(...idled)).toBeGreaterThanOrEqual(IDLE_MS - EARLY_MS);
        expect(Math.max(...idled)).toBeLessThanOrEqual(2 * IDLE_MS + MARGIN_MS);
        expect(preface.filter((c) => !c.frameTypes.includes(FRAME_GOAWAY))).toEqual([]);

        // The fds come back to within a few of where they were (the server closes its side when the sockets close).
        let now = fdCount(pid);
        for (let i = 0; i < 20 && now > baseline + 5; i++) {
          await sleep(100);
          now = fdCount(pid);
        }
        expect(now).toBeLessThanOrEqual(baseline + 5);
      },
    );

    it('still answers calls, and does not cut a stream held open for longer than the idle timeout', async () => {
      const client = sampleClient(server.port);
      try {
        expect(await getSamples(client, 3)).toEqual({ samples: rows(3) });
        const stream = await pausedStream(client, 20_000, 2 * IDLE_MS + 1000);
        expect(stream).toEqual({ rows: 20_000, digest: checksum(iterateRows(20_000)) });
      } finally {
        client.close();
      }
    });

    it(
      'sends GOAWAY to a client idle for longer than the idle timeout, whose next call reconnects and ' + 'works',
      async () => {
        const client = sampleClient(server.port);
        try {
          await getSamples(client, 1);
          expect(client.getChannel().getConnectivityState(false)).toBe(grpc.connectivityState.READY);
          await sleep(2 * IDLE_MS + 500);
          expect(client.getChannel().getConnectivityState(false)).toBe(grpc.connectivityState.IDLE);
          expect(await getSamples(client, 2)).toEqual({ samples: rows(2) });
        } finally {
          client.close();
        }
      },
    );
  });

  describe(`keepalive pings every ${KEEPALIVE_MS} ms, answered within ${KEEPALIVE_MS} ms`, () => {
    let server: { proc: AppProcess; port: number };
    const opened: RawConnection[] = [];

    beforeAll(async () => {
      // Handshake and idle timeouts far off: only the unanswered pings can close a connection here.
      server = await startServer(app, {
        GRPC_HANDSHAKE_TIMEOUT_MS: '3600000',
        GRPC_IDLE_TIMEOUT_MS: '3600000',
        GRPC_KEEPALIVE_TIME_MS: String(KEEPALIVE_MS),
        GRPC_KEEPALIVE_TIMEOUT_MS: String(KEEPALIVE_MS),
      });
    });
    afterAll(async () => {
      opened.forEach((c) => c.socket.destroy());
      await server?.proc.stop();
    });

    it(`closes ${PER_KIND} connections that sent the preface but never answer a ping`, async () => {
      const preface = await openRawConnections(server.port, PER_KIND, H2_PREFACE);
      opened.push(...preface);
      await untilClosed(preface, 2 * KEEPALIVE_MS + MARGIN_MS);
      const times = closeTimes(preface);
      console.log(
        `${app}: ${PER_KIND} connections that never answer a ping closed ` +
          `in ${seconds(Math.min(...times))}-${seconds(Math.max(...times))} s (keepalive ` +
          `${KEEPALIVE_MS} + ${KEEPALIVE_MS} ms)`,
      );
      expect(Math.min(...times)).toBeGreaterThanOrEqual(2 * KEEPALIVE_MS - EARLY_MS);
      expect(Math.max(...times)).toBeLessThanOrEqual(2 * KEEPALIVE_MS + MARGIN_MS);
      expect(preface.filter((c) => !c.frameTypes.includes(FRAME_PING))).toEqual([]);
    });

    it('keeps a client that answers its pings, through a stream paused for several ping intervals', async () => {
      const client = sampleClient(server.port);
      try {
        const stream = await pausedStream(client, 20_000, 6 * KEEPALIVE_MS);
        expect(stream).toEqual({ rows: 20_000, digest: checksum(iterateRows(20_000)) });
        expect(await getSamples(client, 3)).toEqual({ samples: rows(3) });
      } finally {
        client.close();
      }
    });
  });
});
