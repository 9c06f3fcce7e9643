// What an outside probe found, checked against the real apps: no X-Powered-By, bodies nobody asked for cannot
// flood the log, stalled callers are cut off by the configured timeouts, and an unusable RESULTS_DIR stops the
// client at start-up with one line.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, Stack, startStack } from './support/stack';

jest.setTimeout(60_000);

const HEADERS_TIMEOUT_MS = 500;

/** Sends a raw request (headers and a body as given), resolving with the status line, or 'closed'. */
function raw(port: number, text: string | Buffer, endAfter = true): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => (answer += d.toString()));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed'));
    socket.on('error', () => undefined);
    socket.write(text);
    if (endAfter) setTimeout(() => socket.end(), 200);
  });
}

/** Time until the server closes a socket that sent half a request and stalled. */
function stalledFor(port: number): Promise<number> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /samples/1 HTTP/1.1\r\nHost: x\r\n'));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(Date.now() - started));
    socket.resume();
  });
}

describe('faults found from outside', () => {
  let stack: Stack;
  let bare: AppProcess;
  let barePort: number;
  const results = mkdtempSync(join(tmpdir(), 'wirebench-faults-'));

  beforeAll(async () => {
    barePort = await freePort();
    stack = await startStack({
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      BARE_JSON_SERVER_PORT: String(barePort),
      RESULTS_DIR: results,
    });
    bare = AppProcess.start('bare-json-server', stack.env);
    await bare.waitFor(LISTENING);
  });
  afterAll(async () => {
    await Promise.all([stack?.stop(), bare?.stop()]);
    rmSync(results, { recursive: true, force: true });
  });

  it('sends no X-Powered-By from the client or the JSON server', async () => {
    for (const url of [
      `${stack.clientUrl}/client/json/single/1`,
      `http://127.0.0.1:${stack.env.JSON_SERVER_PORT}/samples/1`,
      `${stack.clientUrl}/nope`,
    ]) {
      const response = await fetch(url);
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it(
    'answers bodies nobody asked for (bad gzip, oversized, wrong type, aborted) without a 5xx or an error ' + 'log',
    async () => {
      for (const port of [stack.env.CLIENT_PORT, stack.env.JSON_SERVER_PORT].map(Number)) {
        const gzip = await raw(
          port,
          'POST /samples/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Encoding: ' +
            'gzip\r\nContent-Length: 7\r\n\r\ngarbage',
        );
        const big = Buffer.concat([
          Buffer.from(
            'POST /client/compare HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ' +
              '3000000\r\n\r\n',
          ),
          Buffer.alloc(3_000_000, 'a'),
        ]);
        const oversized = await raw(port, big);
        const type = await raw(
          port,
          'PUT /samples/1 HTTP/1.1\r\nHost: x\r\nContent-Type: text/x-nonsense\r\nContent-Length: 3\r\n\r\nabc',
        );
        const aborted = await raw(
          port,
          'POST /samples/1 HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":',
        );
        for (const status of [gzip, oversized, type, aborted]) expect(status).not.toMatch(/HTTP\/1\.1 5\d\d/);
      }
      await new Promise((r) => setTimeout(r, 300));
      for (const app of [stack.client, stack.json]) {
        expect(app.output).not.toMatch(/ERROR/);
        expect(app.output).not.toMatch(/\n\s+at /);
      }
    },
  );

  it.each(['client', 'json', 'bare'] as const)(
    'closes a stalled half-sent request on the %s server within the headers timeout',
    async (which) => {
      const port =
        which === 'client' ? stack.env.CLIENT_PORT : which === 'json' ? stack.env.JSON_SERVER_PORT : String(barePort);
      const ms = await stalledFor(Number(port));
      expect(ms).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
      // Node checks its timeouts on a timer (here every HEADERS_TIMEOUT_MS), so allow one more period and some slack.
      expect(ms).toBeLessThan(HEADERS_TIMEOUT_MS * 2 + 1500);
    },
  );

  it('still serves normally with those timeouts', async () => {
    const response = await new Promise<number>((resolve, reject) =>
      request(`http://127.0.0.1:${stack.env.JSON_SERVER_PORT}/samples/20000`, (res) =>
        res.resume().on('end', () => resolve(res.statusCode!)),
      )
        .on('error', reject)
        .end(),
    );
    expect(response).toBe(200);
  });
});

describe('an unusable RESULTS_DIR', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-resultsdir-'));
  const file = join(dir, 'a-file');
  writeFileSync(file, 'x');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.each([
    [file, /RESULTS_DIR=.*a-file is not a directory/],
    [join(file, 'below'), /RESULTS_DIR=.*below cannot be created: a part of the path is a file/],
  ])('stops the client at start-up with one line and exit 2 (%s)', async (path, message) => {
    const client = AppProcess.start('client', { CLIENT_PORT: String(await freePort()), RESULTS_DIR: path });
    const { code } = await client.exited;
    expect(code).toBe(2);
    const lines = client.output.split('\n').filter((l) => l.trim() !== '');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^client: /);
    expect(lines[0]).toMatch(message);
  });
});
