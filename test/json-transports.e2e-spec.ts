// The JSON-family transports called directly against the real JSON server (Express, Fastify, h2c), each request's
// phases checked; and against tiny servers whose Server-Timing is missing or garbled, or that only speak h2c.
import { Agent } from 'node:http';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { connect, createServer as createH2Server, Http2Server } from 'node:http2';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import axios from 'axios';
import { HttpService } from '@nestjs/axios';
import { rows } from '@app/data-generator';
import { FetchedRows, TransportError } from '@app/bench';
import { JsonHttpOptions, JsonHttpTransport, JsonUndiciTransport } from '@app/transports';
import { serializeSamples } from '@app/grpc';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const TIMEOUT_MS = 10_000;
const http = new HttpService(axios.create({ httpAgent: new Agent({ keepAlive: true }) }));

function expectPhases(fetched: FetchedRows, gzip: boolean): void {
  const p = fetched.phases!;
  expect(p).toBeDefined();
  expect(p.notes).toEqual([]);
  expect(p.server.generateMs).toBeGreaterThanOrEqual(0);
  expect(p.server.serializeMs).toBeGreaterThanOrEqual(0);
  expect(p.server.sendMs).toBeUndefined();
  if (gzip) expect(p.server.compressMs).toBeGreaterThanOrEqual(0);
  else expect(p.server.compressMs).toBeUndefined();
  expect(p.ttfbMs).toBeGreaterThanOrEqual(0);
  expect(p.ttlbMs).toBeGreaterThanOrEqual(p.ttfbMs!);
  expect(p.decodeMs).toBeGreaterThan(0);
  if (gzip) expect(p.decompressMs).toBeGreaterThan(0);
  else expect(p.decompressMs).toBeNull();
}

describe('JSON-family transports against the JSON server', () => {
  let env: Record<string, string>;
  const servers: AppProcess[] = [];
  const url = (variable: string) => `http://127.0.0.1:${env[variable]}`;

  beforeAll(async () => {
    env = await portsEnv();
    servers.push(
      AppProcess.start('json-server', env),
      AppProcess.start('json-fastify-server', env),
      AppProcess.start('json-h2-server', env),
    );
    await Promise.all(servers.map((s) => s.waitFor(LISTENING)));
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  const cases: [string, string, JsonHttpOptions][] = [
    ['express json', 'JSON_SERVER_PORT', {}],
    ['express json+gzip', 'JSON_SERVER_PORT', { compression: 'gzip' }],
    ['express protobuf', 'JSON_SERVER_PORT', { encoding: 'protobuf' }],
    ['express protobuf+gzip', 'JSON_SERVER_PORT', { encoding: 'protobuf', compression: 'gzip' }],
    ['fastify json', 'FASTIFY_JSON_SERVER_PORT', {}],
    ['fastify protobuf+gzip', 'FASTIFY_JSON_SERVER_PORT', { encoding: 'protobuf', compression: 'gzip' }],
    ['h2 json', 'H2_JSON_SERVER_PORT', { httpVersion: 2 }],
    ['h2 json+gzip', 'H2_JSON_SERVER_PORT', { httpVersion: 2, compression: 'gzip' }],
    ['h2 protobuf', 'H2_JSON_SERVER_PORT', { httpVersion: 2, encoding: 'protobuf' }],
  ];

  it.each(cases)(
    'axios, %s: verified rows, the same payload bytes as uncompressed, and every phase',
    async (_name, port, options) => {
      const transport = new JsonHttpTransport(http, url(port), TIMEOUT_MS, options);
      const fetched = await transport.fetchRows(500);
      expect(fetched.rows).toEqual(rows(500));
      const uncompressed =
        options.encoding === 'protobuf'
          ? serializeSamples({ samples: rows(500) }).length
          : Buffer.byteLength(JSON.stringify({ samples: rows(500) }));
      expect(fetched.payloadBytes).toBe(uncompressed);
      expectPhases(fetched, options.compression === 'gzip');
      // Sequential requests on the kept-alive connection or session work alike.
      expect((await transport.fetchRows(0)).rows).toEqual([]);
    },
  );

  it.each([
    ['json', {}],
    ['json+gzip', { compression: 'gzip' as const }],
    ['protobuf', { encoding: 'protobuf' as const }],
  ])('undici, %s: verified rows and every phase', async (_name, options) => {
    const transport = new JsonUndiciTransport(url('JSON_SERVER_PORT'), TIMEOUT_MS, options);
    try {
      const fetched = await transport.fetchRows(300);
      expect(fetched.rows).toEqual(rows(300));
      expectPhases(fetched, 'compression' in options);
    } finally {
      await transport.close();
    }
  });

  it('parallel requests over one h2c session all verify', async () => {
    const transport = new JsonHttpTransport(http, url('H2_JSON_SERVER_PORT'), TIMEOUT_MS, { httpVersion: 2 });
    const all = await Promise.all(Array.from({ length: 20 }, () => transport.fetchRows(50)));
    for (const fetched of all) expect(fetched.rows).toEqual(rows(50));
  });

  it('the h2c server speaks HTTP/2 only: an HTTP/2 request is answered, an HTTP/1.1 one is not', async () => {
    const session = connect(url('H2_JSON_SERVER_PORT'));
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const stream = session.request({ ':path': '/samples/1', 'accept-encoding': 'identity' });
        stream.on('response', resolve).on('error', reject);
        stream.resume();
      });
      expect(headers[':status']).toBe(200);
      expect(headers['server-timing']).toMatch(/generate;dur=/);
    } finally {
      session.close();
    }
    const plain = await fetch(`${url('H2_JSON_SERVER_PORT')}/samples/1`).then(
      (r) => r.status,
      (e: Error) => e.message,
    );
    expect(plain).not.toBe(200);
  });
});

describe('JSON-family transports against servers that are not ours', () => {
  let server: Server;
  let h2: Http2Server;
  let base: string;
  let h2Base: string;
  const h2Versions: string[] = [];
  const h2Windows: { stream: number; connection: number }[] = [];
  const body = JSON.stringify({ samples: rows(20) });

  beforeAll(async () => {
    // Server-Timing by path: none, garbled, or valid; gzip when the client asks for it.
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const timing = req.url!.startsWith('/garbled')
        ? 'generate;dur=abc, @@'
        : req.url!.startsWith('/none')
          ? undefined
          : 'generate;dur=1, serialize;dur=2';
      const gzip = /gzip/.test(String(req.headers['accept-encoding']));
      if (req.url!.startsWith('/protobuf-anyway'))
        return void res
          .writeHead(200, { 'content-type': 'application/x-protobuf' })
          .end(serializeSamples({ samples: rows(20) }));
      res.writeHead(200, {
        'content-type': 'application/json',
        ...(timing ? { 'server-timing': timing } : {}),
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      });
      res.end(gzip ? gzipSync(body) : body);
    });
    h2 = createH2Server((req, res) => {
      h2Versions.push(req.httpVersion);
      // What the client offers: its stream window (a SETTINGS value) and what this server may still send on the
      // connection.
      h2Windows.push({
        stream: req.stream.session!.remoteSettings.initialWindowSize!,
        connection: req.stream.session!.state.remoteWindowSize!,
      });
      res.writeHead(200, {
        'content-type': 'application/x-protobuf',
        'server-timing': 'generate;dur=1, serialize;dur=1',
      });
      res.end(serializeSamples({ samples: rows(20) }));
    });
    const [port, h2Port] = [await freePort(), await freePort()];
    await promisify(server.listen.bind(server) as (port: number, host: string, cb: () => void) => void)(
      port,
      '127.0.0.1',
    );
    await promisify(h2.listen.bind(h2) as (port: number, host: string, cb: () => void) => void)(h2Port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
    h2Base = `http://127.0.0.1:${h2Port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await new Promise((r) => h2.close(r));
  });

  it.each([
    ['none', /server sent no server-timing/],
    ['garbled', /unreadable server-timing entries: "generate;dur=abc", "@@"/],
  ])(
    'Server-Timing %s: verified rows, no server phases, a note saying why (axios and undici, gzip or not)',
    async (kind, note) => {
      const undici = new JsonUndiciTransport(`${base}/${kind}`, TIMEOUT_MS);
      try {
        for (const transport of [
          new JsonHttpTransport(http, `${base}/${kind}`, TIMEOUT_MS),
          new JsonHttpTransport(http, `${base}/${kind}`, TIMEOUT_MS, { compression: 'gzip' }),
          undici,
        ]) {
          const fetched = await transport.fetchRows(20);
          expect(fetched.rows).toEqual(rows(20));
          expect(fetched.payloadBytes).toBe(Buffer.byteLength(body));
          expect(fetched.phases!.server).toEqual({});
          expect(fetched.phases!.notes).toEqual([expect.stringMatching(note)]);
          expect(fetched.phases!.ttlbMs).toBeGreaterThanOrEqual(fetched.phases!.ttfbMs!);
        }
      } finally {
        await undici.close();
      }
    },
  );

  it(
    'a body in another encoding than asked for is a bad response, not a silent measurement of something ' + 'else',
    async () => {
      const error = await new JsonHttpTransport(http, `${base}/protobuf-anyway`, TIMEOUT_MS)
        .fetchRows(20)
        .catch((e) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(error.message).toMatch(
        /sent a bad response: asked for application\/json, got Content-Type "application\/x-protobuf"/,
      );
      await expect(
        new JsonHttpTransport(http, `${base}/none`, TIMEOUT_MS, { encoding: 'protobuf' }).fetchRows(20),
      ).rejects.toThrow(/asked for application\/x-protobuf, got Content-Type "application\/json"/);
    },
  );

  it('a client asking for gzip from a server that ignores it still verifies, and notes it', async () => {
    const plain = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const port = await freePort();
    await new Promise<void>((r) => plain.listen(port, '127.0.0.1', r));
    try {
      const fetched = await new JsonHttpTransport(http, `http://127.0.0.1:${port}`, TIMEOUT_MS, {
        compression: 'gzip',
      }).fetchRows(20);
      expect(fetched.rows).toEqual(rows(20));
      expect(fetched.phases!.decompressMs).toBeNull();
      expect(fetched.phases!.notes).toContain('asked for gzip; the server sent the body uncompressed');
    } finally {
      await new Promise((r) => plain.close(r));
    }
  });

  it(
    'a stale kept-alive socket is retried on a connection of its own, not on another pooled socket as stale ' +
      'as the first',
    async () => {
      // Every request that arrives on a socket that already served one finds it "closed by the server" (destroyed as it
      // arrives), as all of a pool's idle sockets are when the server's keep-alive timeout passes: a retry through the
      // agent was handed another of them (a 1,000-request bench case ended on EPIPE that way).
      const served = new WeakMap<object, number>();
      let stale = false;
      const server = createServer((req, res) => {
        const n = served.get(req.socket) ?? 0;
        served.set(req.socket, n + 1);
        if (stale && n > 0) return void req.socket.destroy();
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      const port = await freePort();
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
      const agent = new Agent({ keepAlive: true, maxSockets: 5 });
      const pooled = new HttpService(axios.create({ httpAgent: agent }));
      try {
        const transport = new JsonHttpTransport(pooled, `http://127.0.0.1:${port}`, TIMEOUT_MS);
        await Promise.all(Array.from({ length: 5 }, () => transport.fetchRows(20)));
        expect(Object.values(agent.freeSockets).flat()).toHaveLength(5);
        stale = true;
        const fetched = await transport.fetchRows(20);
        expect(fetched.rows).toEqual(rows(20));
        expect(fetched.phases!.notes).toContain(
          'retried once on a new socket (the kept-alive one was closed by the server)',
        );
      } finally {
        agent.destroy();
        await new Promise((r) => server.close(r));
      }
    },
  );

  it('the json-h2 client really speaks HTTP/2 (the server sees 2.0) and reads a protobuf body', async () => {
    const fetched = await new JsonHttpTransport(http, h2Base, TIMEOUT_MS, {
      httpVersion: 2,
      encoding: 'protobuf',
    }).fetchRows(20);
    expect(fetched.rows).toEqual(rows(20));
    expect(h2Versions).toEqual(['2.0']);
    expect(fetched.phases!.server).toEqual({ generateMs: 1, serializeMs: 1 });
  });

  it(
    'json-h2-window offers its window: per stream in its SETTINGS, per connection once a session is up; ' +
      'json-h2 keeps 65,535',
    async () => {
      const window = 4 * 1024 * 1024;
      h2Windows.length = 0;
      const wide = new JsonHttpTransport(http, h2Base, TIMEOUT_MS, {
        httpVersion: 2,
        encoding: 'protobuf',
        http2WindowBytes: window,
      });
      const [first, second] = [await wide.fetchRows(20), await wide.fetchRows(20)];
      expect(first.rows).toEqual(rows(20));
      expect(second.rows).toEqual(rows(20));
      // The connection's window can only be widened once the session exists, which axios shows first with a response.
      expect(first.phases!.notes).toEqual([
        `HTTP/2 connection window widened to ${window} bytes as this response began (a new session)`,
      ]);
      expect(second.phases!.notes).toEqual([]);
      expect(h2Windows[0]).toEqual({ stream: window, connection: 65_535 });
      expect(h2Windows[1].stream).toBe(window);
      expect(h2Windows[1].connection).toBeGreaterThan(window / 2);
      // The json-h2 client, on a session of its own (axios keys sessions by their options; an earlier test's may be
      // reused, less what it has not yet acknowledged): HTTP/2's defaults, never widened.
      await new JsonHttpTransport(http, h2Base, TIMEOUT_MS, { httpVersion: 2, encoding: 'protobuf' }).fetchRows(20);
      expect(h2Windows[2].stream).toBe(65_535);
      expect(h2Windows[2].connection).toBeLessThanOrEqual(65_535);
    },
  );

  it('an h2c server that is not there is unavailable, named', async () => {
    const port = await freePort();
    const error = await new JsonHttpTransport(http, `http://127.0.0.1:${port}`, TIMEOUT_MS, { httpVersion: 2 })
      .fetchRows(1)
      .catch((e) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error.failure).toBe('unavailable');
  });
});
