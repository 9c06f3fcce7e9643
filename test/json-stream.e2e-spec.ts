// Streamed JSON (NDJSON) end to end: JsonStreamTransport against the built JSON servers (Nest on Express and on
// Fastify, bare node:http), every chunk checksummed; curl as an ordinary NDJSON client; the 400s; and the server's
// side of a slow reader (memory stays bounded) and of a client that leaves (the server stops working).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, get, IncomingMessage } from 'node:http';
import { connect } from 'node:http2';
import { performance } from 'node:perf_hooks';
import axios from 'axios';
import { HttpService } from '@nestjs/axios';
import { checksum, ChecksumAccumulator, iterateRows, Row, rows as makeRows } from '@app/data-generator';
import { parseServerTiming } from '@app/server-timing';
import { TransportError } from '@app/bench';
import { JsonStreamTransport } from '@app/transports';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(180_000);

const TIMEOUT_MS = 120_000;
const http = new HttpService(axios.create({ httpAgent: new Agent({ keepAlive: true }) }));
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS of a process, in bytes, from /proc (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

/** utime + stime of a process, in clock ticks, from /proc/<pid>/stat (fields 14 and 15, after the command name). */
function cpuTicksOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Streams through the transport, checksumming each chunk as the engine will, and checks the digest and phases. */
async function streamAndVerify(baseUrl: string, count: number, chunkRows = 1000) {
  const transport = new JsonStreamTransport(http, baseUrl, TIMEOUT_MS);
  const digest = new ChecksumAccumulator();
  let largest = 0;
  const started = performance.now();
  const streamed = await transport.streamRows(count, chunkRows, {
    push: (rows: Row[]) => {
      digest.add(rows);
      largest = Math.max(largest, rows.length);
    },
  });
  const ms = performance.now() - started;
  expect(digest.digest()).toEqual(checksum(iterateRows(count)));
  // Batches follow the socket's reads, so no chunk is anywhere near the whole body.
  if (count >= 100_000) expect(largest).toBeLessThan(count / 10);
  const p = streamed.phases!;
  expect(p.notes).toEqual([]);
  expect(p.server).toEqual({
    generateMs: expect.any(Number),
    serializeMs: expect.any(Number),
    sendMs: expect.any(Number),
  });
  expect(p.ttfbMs).toBeGreaterThanOrEqual(0);
  expect(p.ttlbMs).toBeGreaterThanOrEqual(p.ttfbMs!);
  expect(p.decodeMs).toBeGreaterThan(0);
  return { streamed, ms };
}

function ndjsonBytes(count: number): number {
  let bytes = 0;
  for (const row of iterateRows(count)) bytes += Buffer.byteLength(JSON.stringify(row)) + 1;
  return bytes;
}

describe('NDJSON streaming (GET /samples/:count/stream) and JsonStreamTransport', () => {
  let env: Record<string, string>;
  let express: AppProcess;
  let fastify: AppProcess;
  let bare: AppProcess;
  let h2: AppProcess;
  const url = (variable: string) => `http://127.0.0.1:${env[variable]}`;

  beforeAll(async () => {
    env = await portsEnv({ BARE_JSON_SERVER_PORT: String(await freePort()) });
    express = AppProcess.start('json-server', env);
    fastify = AppProcess.start('json-fastify-server', env);
    bare = AppProcess.start('bare-json-server', env);
    h2 = AppProcess.start('json-h2-server', env);
    await Promise.all([express, fastify, bare, h2].map((s) => s.waitFor(LISTENING)));
  });
  afterAll(async () => {
    await Promise.all([express, fastify, bare, h2].map((s) => s.stop()));
  });

  it(
    '1,000,000 rows from the Nest server (Express): every chunk checksummed, the same digest, NDJSON bytes, ' +
      'trailer phases',
    async () => {
      const { streamed, ms } = await streamAndVerify(url('JSON_SERVER_PORT'), 1_000_000);
      expect(streamed.payloadBytes).toBe(ndjsonBytes(1_000_000));
      expect(streamed.chunks).toBeGreaterThan(100);
      process.stdout.write(
        `json-stream express 1,000,000 rows: ` +
          `${ms.toFixed(0)} ms, ${streamed.chunks} chunks, phases ${JSON.stringify(streamed.phases)}\n`,
      );
    },
  );

  it('1,000,000 rows from the bare server, and an offset-free 0-row stream', async () => {
    const { streamed, ms } = await streamAndVerify(url('BARE_JSON_SERVER_PORT'), 1_000_000);
    process.stdout.write(`json-stream bare 1,000,000 rows: ${ms.toFixed(0)} ms, ${streamed.chunks} chunks\n`);
    const empty = await new JsonStreamTransport(http, url('BARE_JSON_SERVER_PORT'), TIMEOUT_MS).streamRows(0, 1000, {
      push: () => fail('no rows expected'),
    });
    expect(empty).toMatchObject({ payloadBytes: 0, chunks: 0 });
  });

  it('the Fastify instance serves the same stream, trailer included', async () => {
    await streamAndVerify(url('FASTIFY_JSON_SERVER_PORT'), 100_000, 777);
  });

  it('the h2c instance streams too, its trailer a trailing HEADERS frame', async () => {
    const session = connect(url('H2_JSON_SERVER_PORT'));
    try {
      const stream = session.request({ ':path': '/samples/30000/stream?chunk=1000&offset=5' });
      const trailers = new Promise<Record<string, unknown>>((resolve) => stream.once('trailers', resolve));
      const headers = await new Promise<Record<string, unknown>>((resolve) => stream.once('response', resolve));
      expect(headers['content-type']).toBe('application/x-ndjson');
      const digest = new ChecksumAccumulator();
      let text = '';
      for await (const chunk of stream) {
        text += chunk;
        const end = text.lastIndexOf('\n');
        if (end < 0) continue;
        digest.add(
          text
            .slice(0, end)
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => JSON.parse(l) as Row),
        );
        text = text.slice(end + 1);
      }
      expect(digest.digest()).toEqual(checksum(iterateRows(30000, 5)));
      expect(parseServerTiming((await trailers)['server-timing'] as string).phases).toEqual({
        generateMs: expect.any(Number),
        serializeMs: expect.any(Number),
        sendMs: expect.any(Number),
      });
    } finally {
      session.close();
    }
  });

  it('10,000,000 rows at bounded memory (STREAM_10M=1 only: about a minute on 2 cores)', async () => {
    if (process.env.STREAM_10M !== '1') return;
    const before = rssOf(express.child.pid!);
    const { ms } = await streamAndVerify(url('JSON_SERVER_PORT'), 10_000_000);
    process.stdout.write(
      `json-stream express 10,000,000 ` +
        `rows: ${ms.toFixed(0)} ms; server ` +
        `RSS ${(before / MiB).toFixed(0)} -> ${(rssOf(express.child.pid!) / MiB).toFixed(0)} MiB, client ` +
        `heap ${(process.memoryUsage().heapUsed / MiB).toFixed(0)} MiB\n`,
    );
  }, 600_000);

  it('curl -N | wc -l counts 25000 lines: standard NDJSON', async () => {
    if (spawnSync('curl', ['--version']).error) {
      process.stdout.write('skipped: curl is not installed\n');
      return;
    }
    const curl = spawn('sh', ['-c', `curl -sN '${url('JSON_SERVER_PORT')}/samples/25000/stream?chunk=1000' | wc -l`]);
    let out = '';
    curl.stdout.on('data', (d: Buffer) => (out += d));
    await new Promise((resolve) => curl.on('close', resolve));
    expect(out.trim()).toBe('25000');
  });

  it('headers: NDJSON type, a declared Server-Timing trailer, and the trailer itself after the body', async () => {
    for (const port of ['JSON_SERVER_PORT', 'FASTIFY_JSON_SERVER_PORT', 'BARE_JSON_SERVER_PORT']) {
      const res = await new Promise<IncomingMessage>((resolve) =>
        get(`${url(port)}/samples/3/stream?offset=10`, resolve),
      );
      expect(res.headers['content-type']).toBe('application/x-ndjson');
      expect(res.headers.trailer).toBe('Server-Timing');
      let body = '';
      for await (const chunk of res) body += chunk;
      expect(
        body
          .split('\n')
          .slice(0, -1)
          .map((l) => JSON.parse(l).rowNum),
      ).toEqual([10, 11, 12]);
      expect(parseServerTiming(res.trailers['server-timing']).note).toBeUndefined();
    }
  });

  it.each([
    ['count', '100000001', '', 100_000_000],
    ['chunk', '10', '?chunk=0', 1_000_000],
    ['chunk', '10', '?chunk=1000001', 1_000_000],
    ['offset', '10', `?offset=${2 ** 31 - 9}`, 2 ** 31 - 10],
    ['offset', '10', '?offset=-1', 2 ** 31 - 10],
  ])('400 naming %s and its limit (%s rows%s), on every server', async (parameter, count, query, limit) => {
    for (const port of ['JSON_SERVER_PORT', 'FASTIFY_JSON_SERVER_PORT', 'BARE_JSON_SERVER_PORT']) {
      const response = await fetch(`${url(port)}/samples/${count}/stream${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        parameter,
        limit,
        message: expect.stringContaining(String(limit)),
      });
    }
  });

  it('the transport reports a 400 as a bad response, with the body', async () => {
    const transport = new JsonStreamTransport(http, url('JSON_SERVER_PORT'), TIMEOUT_MS);
    const error = await transport.streamRows(10, 0, { push: () => undefined }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({
      failure: 'bad-response',
      message: expect.stringMatching(/HTTP 400 .*"parameter":"chunk"/),
    });
  });

  it('back-pressure: a slow reader of 5,000,000 rows keeps the server under 300 MiB and not growing', async () => {
    const pid = express.child.pid!;
    const res = await new Promise<IncomingMessage>((resolve) =>
      get(`${url('JSON_SERVER_PORT')}/samples/5000000/stream?chunk=1000`, resolve),
    );
    let received = 0;
    res.on('data', (chunk: Buffer) => {
      received += chunk.length;
      res.pause();
    });
    res.pause();
    // Read one socket chunk every 10 ms: ~6 MB/s, far slower than the server can generate (~100 MB/s).
    const reader = setInterval(() => res.resume(), 10);
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      await sleep(200);
      samples.push(rssOf(pid));
    }
    clearInterval(reader);
    res.destroy();
    const third = samples.length / 3;
    const early = Math.max(...samples.slice(0, third));
    const late = Math.max(...samples.slice(-third));
    process.stdout.write(
      `slow reader: ${(received / MiB).toFixed(1)} MiB read in 6 s, server RSS ` +
        `${samples.map((s) => (s / MiB).toFixed(0)).join(' ')} MiB\n`,
    );
    expect(received).toBeGreaterThan(5 * MiB);
    expect(Math.max(...samples)).toBeLessThan(300 * MiB);
    expect(late - early).toBeLessThan(30 * MiB);
  });

  it(
    'disconnect: a client socket destroyed mid-stream stops the server within 1 s (its CPU time stops ' + 'rising)',
    async () => {
      const pid = express.child.pid!;
      const res = await new Promise<IncomingMessage>((resolve) =>
        get(`${url('JSON_SERVER_PORT')}/samples/50000000/stream`, resolve),
      );
      let received = 0;
      res.on('data', (chunk: Buffer) => (received += chunk.length));
      while (received < 20 * MiB) await sleep(20);
      const whileStreaming = cpuTicksOf(pid);
      await sleep(500);
      const busy = cpuTicksOf(pid) - whileStreaming;
      res.socket.destroy();
      await sleep(1000);
      const after = cpuTicksOf(pid);
      await sleep(1000);
      const idle = cpuTicksOf(pid) - after;
      process.stdout.write(
        `disconnect: server CPU ${busy} ticks in 0.5 s while streaming, ` +
          `${idle} ticks in the 1 s after the first second\n`,
      );
      expect(busy).toBeGreaterThan(10);
      expect(idle).toBeLessThanOrEqual(3);
    },
  );

  it(
    'cancel through the signal: the transport rejects with the abort reason, the server stops and its memory ' +
      'returns',
    async () => {
      const pid = express.child.pid!;
      const before = rssOf(pid);
      const controller = new AbortController();
      let rows = 0;
      const transport = new JsonStreamTransport(http, url('JSON_SERVER_PORT'), TIMEOUT_MS);
      const outcome = transport
        .streamRows(
          50_000_000,
          1000,
          { push: (chunk) => (rows += chunk.length) > 100_000 && controller.abort() },
          controller.signal,
        )
        .catch((e: unknown) => e);
      expect(await outcome).toMatchObject({ name: 'AbortError' });
      await sleep(1000);
      const after = cpuTicksOf(pid);
      await sleep(1000);
      expect(cpuTicksOf(pid) - after).toBeLessThanOrEqual(3);
      // Nothing of the cancelled stream is kept: the server is back near where it was before it (V8 keeps some heap).
      const settled = rssOf(pid);
      process.stdout.write(
        `cancel: server RSS ${(before / MiB).toFixed(0)} MiB before, ` +
          `${(settled / MiB).toFixed(0)} MiB 2 s after the cancel\n`,
      );
      expect(settled - before).toBeLessThan(50 * MiB);
    },
  );

  it('a server killed mid-stream: unavailable, with the rows that had arrived', async () => {
    const own = await portsEnv({ BARE_JSON_SERVER_PORT: String(await freePort()) });
    const victim = AppProcess.start('bare-json-server', own);
    await victim.waitFor(LISTENING);
    let rows = 0;
    const transport = new JsonStreamTransport(http, `http://127.0.0.1:${own.BARE_JSON_SERVER_PORT}`, TIMEOUT_MS);
    const error = await transport
      .streamRows(50_000_000, 1000, {
        push: (chunk) => {
          if (rows === 0) victim.child.kill('SIGKILL');
          rows += chunk.length;
        },
      })
      .catch((e: unknown) => e);
    await victim.stop();
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ failure: 'unavailable', rowsReceived: rows });
    expect(rows).toBeGreaterThan(0);
  });

  it('a server that stalls mid-stream: timeout after the client deadline, with the rows that had arrived', async () => {
    const stalling = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write(
        makeRows(3)
          .map((r) => JSON.stringify(r) + '\n')
          .join(''),
      );
    });
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = stalling.address() as { port: number };
      const transport = new JsonStreamTransport(http, `http://127.0.0.1:${port}`, 500);
      const started = performance.now();
      const error = await transport.streamRows(10, 1000, { push: () => undefined }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ failure: 'timeout', rowsReceived: 3 });
      expect(performance.now() - started).toBeLessThan(2000);
    } finally {
      stalling.closeAllConnections();
      stalling.close();
    }
  });

  it(
    'a stream that keeps coming, slowly, is not timed out: the timeout is the wait for the next data, not ' +
      'the whole stream',
    async () => {
      // Found by the soak probe: a 3,000,000-row stream on a busy machine gave 504 after 2,807,256 rows had arrived.
      // Here 10 rows, one every 150 ms: 1.5 s in all, three times the 500 ms timeout, no gap near it.
      const dripping = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/x-ndjson' });
        const lines = makeRows(10).map((r) => JSON.stringify(r) + '\n');
        const timer = setInterval(() => {
          res.write(lines.shift()!);
          if (lines.length === 0) {
            clearInterval(timer);
            res.end();
          }
        }, 150);
        res.on('close', () => clearInterval(timer));
      });
      await new Promise<void>((resolve) => dripping.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = dripping.address() as { port: number };
        const started = performance.now();
        let rows = 0;
        await new JsonStreamTransport(http, `http://127.0.0.1:${port}`, 500).streamRows(10, 1, {
          push: (chunk) => (rows += chunk.length),
        });
        expect(rows).toBe(10);
        expect(performance.now() - started).toBeGreaterThan(1000);
      } finally {
        dripping.closeAllConnections();
        dripping.close();
      }
    },
  );
});
