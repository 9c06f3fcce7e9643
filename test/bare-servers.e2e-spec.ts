// The reference servers without Nest, through clients that are not ours: the bare JSON server must answer the
// same bytes as the Nest JSON server, the bare gRPC server the same rows, errors and services as the Nest one.
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { get, IncomingHttpHeaders, request } from 'node:http';
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { checksum, iterateRows, rows } from '@app/data-generator';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';
import { pidsWithEnv } from './support/processes';

jest.setTimeout(30_000);

const LOADER = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };
const MAX_ROWS = 5000;
type BareApp = 'bare-json-server' | 'bare-grpc-server';

function startBare(app: BareApp, env: Record<string, string>): AppProcess {
  return AppProcess.start(app, env);
}

async function bareEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return portsEnv({
    BARE_JSON_SERVER_PORT: String(await freePort()),
    BARE_GRPC_SERVER_PORT: String(await freePort()),
    ...extra,
  });
}

/** A response as bytes, on a fresh connection, with its headers as the server sent them. */
function fetchRaw(
  url: string,
  method = 'GET',
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = (method === 'GET' ? get : request)(url, { method, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    if (method !== 'GET') req.end();
  });
}

const nonEmptyLines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

describe('bare servers', () => {
  let env: Record<string, string>;
  let nestJson: AppProcess;
  let bareJson: AppProcess;
  let bareGrpc: AppProcess;
  let nestUrl: string;
  let bareUrl: string;
  let bareGrpcAddress: string;

  beforeAll(async () => {
    env = await bareEnv({ MAX_ROWS: String(MAX_ROWS) });
    nestJson = AppProcess.start('json-server', env);
    bareJson = startBare('bare-json-server', env);
    bareGrpc = startBare('bare-grpc-server', env);
    await Promise.all([nestJson.waitFor(LISTENING), bareJson.waitFor(LISTENING), bareGrpc.waitFor(LISTENING)]);
    nestUrl = `http://127.0.0.1:${env.JSON_SERVER_PORT}`;
    bareUrl = `http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}`;
    bareGrpcAddress = `127.0.0.1:${env.BARE_GRPC_SERVER_PORT}`;
  });

  afterAll(async () => {
    await Promise.all([nestJson?.stop(), bareJson?.stop(), bareGrpc?.stop()]);
  });

  it('log one line each naming where they listen', () => {
    expect(bareJson.output).toContain(`bare-json-server listening on http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}`);
    expect(bareGrpc.output).toContain(`bare-grpc-server listening on 127.0.0.1:${env.BARE_GRPC_SERVER_PORT}`);
  });

  describe('bare JSON server', () => {
    it.each([0, 1, 1000])('answers the same bytes as the Nest JSON server for %p rows', async (count) => {
      const [nest, bare] = await Promise.all([
        fetchRaw(`${nestUrl}/samples/${count}`),
        fetchRaw(`${bareUrl}/samples/${count}`),
      ]);
      expect(bare.status).toBe(200);
      expect(bare.body.equals(nest.body)).toBe(true);
      expect(bare.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(bare.headers['content-type']).toBe(nest.headers['content-type']);
      expect(bare.headers['content-length']).toBe(String(bare.body.length));
      // Both are Node's http server with the same HTTP_KEEP_ALIVE_TIMEOUT_MS.
      expect(bare.headers['keep-alive']).toBe(nest.headers['keep-alive']);
      expect(JSON.parse(bare.body.toString()).samples).toHaveLength(count);
    });

    it.each(['row', 'nested'])(
      "streams %s NDJSON written by ?serializer=fast-json-stringify: the Nest server's default text; an " +
        'unknown serializer is the same 400',
      async (shape) => {
        const path = `/samples/30/stream?chunk=7&shape=${shape}`;
        const [nest, bare] = await Promise.all([
          fetchRaw(`${nestUrl}${path}`),
          fetchRaw(`${bareUrl}${path}&serializer=fast-json-stringify`),
        ]);
        expect(bare.status).toBe(200);
        expect(nonEmptyLines(bare.body.toString())).toHaveLength(30);
        expect(bare.body.equals(nest.body)).toBe(true);
        const [nestBad, bareBad] = await Promise.all([
          fetchRaw(`${nestUrl}${path}&serializer=avro`),
          fetchRaw(`${bareUrl}${path}&serializer=avro`),
        ]);
        expect([bareBad.status, JSON.parse(bareBad.body.toString()).limit]).toEqual([
          400,
          { serializers: ['json-stringify', 'fast-json-stringify'] },
        ]);
        expect(bareBad.body.toString()).toBe(nestBad.body.toString());
      },
    );

    it('serves the article route /server-a/:count and rows that verify by checksum', async () => {
      const { body } = await fetchRaw(`${bareUrl}/server-a/${MAX_ROWS}`);
      expect(checksum(JSON.parse(body.toString()).samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
    });

    it.each(['-1', 'abc', '1.5', String(MAX_ROWS + 1)])(
      'answers 400 naming count and its limit for %s, as the Nest server does',
      async (count) => {
        const [nest, bare] = await Promise.all([
          fetchRaw(`${nestUrl}/samples/${count}`),
          fetchRaw(`${bareUrl}/samples/${count}`),
        ]);
        expect(bare.status).toBe(400);
        const body = JSON.parse(bare.body.toString());
        expect(body).toMatchObject({ statusCode: 400, parameter: 'count', limit: MAX_ROWS });
        expect(body.message).toContain(String(MAX_ROWS));
        expect(bare.body.toString()).toBe(nest.body.toString());
      },
    );

    it('answers 404 for other paths and 405 for other methods', async () => {
      expect((await fetchRaw(`${bareUrl}/nope`)).status).toBe(404);
      expect((await fetchRaw(`${bareUrl}/samples/1/2`)).status).toBe(404);
      const post = await fetchRaw(`${bareUrl}/samples/1`, 'POST');
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET');
    });
  });

  describe('bare gRPC server with a plain @grpc/grpc-js client', () => {
    let client: grpc.Client & Record<string, (...args: any[]) => any>;

    beforeAll(() => {
      const pkg = grpc.loadPackageDefinition(loadSync(join(ROOT, 'proto', 'sample.proto'), LOADER)) as any;
      client = new pkg.sample.SampleService(bareGrpcAddress, grpc.credentials.createInsecure());
    });
    afterAll(() => client?.close());

    const getSamples = (count: number) =>
      new Promise<{ samples: any[] }>((resolve, reject) =>
        client.GetSamples(
          { count },
          { deadline: Date.now() + 10_000 },
          (error: grpc.ServiceError | null, reply: any) => (error ? reject(error) : resolve(reply)),
        ),
      );

    it('GetSamples returns the generator rows, verified by checksum', async () => {
      expect(await getSamples(3)).toEqual({ samples: rows(3) });
      expect(await getSamples(0)).toEqual({ samples: [] });
      const big = await getSamples(MAX_ROWS);
      expect(checksum(big.samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
    });

    it.each([-1, MAX_ROWS + 1])('answers INVALID_ARGUMENT naming the limit for count %p', async (count) => {
      await expect(getSamples(count)).rejects.toMatchObject({
        code: grpc.status.INVALID_ARGUMENT,
        details: expect.stringContaining(String(MAX_ROWS)),
      });
    });

    it('health check answers SERVING for the server and for sample.SampleService', async () => {
      const pkg = grpc.loadPackageDefinition(loadSync(healthProtoPath, LOADER)) as any;
      const health = new pkg.grpc.health.v1.Health(bareGrpcAddress, grpc.credentials.createInsecure());
      const check = (service: string) =>
        new Promise<any>((resolve, reject) =>
          health.Check({ service }, (e: Error | null, r: any) => (e ? reject(e) : resolve(r))),
        );
      try {
        expect(await check('')).toEqual({ status: 'SERVING' });
        expect(await check('sample.SampleService')).toEqual({ status: 'SERVING' });
      } finally {
        health.close();
      }
    });
  });

  describe.each<[BareApp, string]>([
    ['bare-json-server', 'BARE_JSON_SERVER_PORT'],
    ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
  ])('%s start and stop', (app, portVariable) => {
    it('exits 2 with one line naming a bad setting', async () => {
      const proc = startBare(app, await bareEnv({ MAX_ROWS: '-5' }));
      expect((await proc.exited).code).toBe(2);
      expect(nonEmptyLines(proc.output)).toEqual([
        `${app}: invalid MAX_ROWS="-5": must be an integer from 1 to 2147483647`,
      ]);
    });

    it('exits 1 with one line naming the address when its port is in use', async () => {
      const portEnv = await bareEnv();
      const port = Number(portEnv[portVariable]);
      const blocker: Server = createServer();
      await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
      try {
        const proc = startBare(app, portEnv);
        expect((await proc.exited).code).toBe(1);
        expect(nonEmptyLines(proc.output)).toEqual([
          `${app}: cannot listen on 127.0.0.1:${port}: address already in use`,
        ]);
      } finally {
        blocker.close();
      }
    });

    it.each(['SIGTERM', 'SIGINT'] as const)('closes and exits 0 on %s', async (signal) => {
      const proc = startBare(app, await bareEnv());
      await proc.waitFor(LISTENING);
      proc.child.kill(signal);
      expect(await proc.exited).toEqual({ code: 0, signal: null });
    });
  });

  it('npm run start:bare starts both with prefixed logs, and SIGTERM stops them all', async () => {
    const startEnv = await bareEnv({ WIREBENCH_TEST_RUN: `start-bare-${process.pid}` });
    const all = new AppProcess(process.execPath, [join(ROOT, 'scripts', 'start-all.js'), 'bare'], startEnv);
    try {
      await all.waitFor(/\[bare-json\][^\n]*listening on http:\/\/127\.0\.0\.1:/);
      await all.waitFor(/\[bare-grpc\][^\n]*listening on 127\.0\.0\.1:/);
      expect(all.output).not.toMatch(/\[(json|grpc|client)\]/);
      expect((await fetchRaw(`http://127.0.0.1:${startEnv.BARE_JSON_SERVER_PORT}/samples/2`)).status).toBe(200);
    } finally {
      all.child.kill('SIGTERM');
    }
    expect((await all.exited).code).toBe(0);
    for (let i = 0; i < 40 && pidsWithEnv('WIREBENCH_TEST_RUN', startEnv.WIREBENCH_TEST_RUN).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(pidsWithEnv('WIREBENCH_TEST_RUN', startEnv.WIREBENCH_TEST_RUN)).toEqual([]);
  });
});
