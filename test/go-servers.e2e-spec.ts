// The Go reference servers (native/go-servers, the native floor) held to the bare Node servers they copy, as built
// processes: every built-in shape's JSON body and NDJSON stream byte for byte, its gRPC rows by count and checksum,
// the same refusals with the same words, Server-Timing; then every go-* variant through the client app, verified.
// Skipped with the reason where `npm run setup:go-servers` could not build them (no Go, no module proxy).
import * as grpc from '@grpc/grpc-js';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nativeAppsUnavailable } from '@app/bootstrap';
import { servedShapes, type Shape, shapeChecksum } from '@app/shapes';
import { parseServerTiming } from '@app/server-timing';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { getReply, shapeStream, shapeUnary } from './support/shape-calls';
import { getJson, LISTENING, portsEnv, startStack, type Stack } from './support/stack';

jest.setTimeout(180_000);

const SHAPES = servedShapes().map((shape) => [shape.name, shape] as const);
const GO_VARIANTS = ['go-json', 'go-json-stream', 'go-grpc', 'go-grpc-stream'];
const expectedDigest = (shape: Shape, count: number, offset = 0) =>
  shapeChecksum(
    shape,
    shape.rows(count, offset).map((row) => shape.toJson(row)),
  );

const reason = nativeAppsUnavailable();
// Where setup:go-servers found Go (scripts/go-env.sh): PATH, else the toolchain's usual place.
const goCommand = () =>
  spawnSync('go', ['version']).status === 0 ? 'go' : existsSync('/usr/local/go/bin/go') ? '/usr/local/go/bin/go' : 'go';
const suite = reason === null ? describe : describe.skip;

suite(`the Go reference servers${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  let env: Record<string, string>;
  const processes: AppProcess[] = [];
  const url = (variable: string) => `http://127.0.0.1:${env[variable]}`;
  const both = (path: string) =>
    Promise.all([getReply(url('GO_JSON_SERVER_PORT'), path), getReply(url('BARE_JSON_SERVER_PORT'), path)]);
  let goClient: grpc.Client;
  let bareClient: grpc.Client;

  beforeAll(async () => {
    env = await portsEnv({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
    });
    for (const app of ['go-json-server', 'go-grpc-server', 'bare-json-server', 'bare-grpc-server'] as const)
      processes.push(AppProcess.start(app, env));
    await Promise.all(processes.map((p) => p.waitFor(LISTENING)));
    goClient = new grpc.Client(`127.0.0.1:${env.GO_GRPC_SERVER_PORT}`, grpc.credentials.createInsecure());
    bareClient = new grpc.Client(`127.0.0.1:${env.BARE_GRPC_SERVER_PORT}`, grpc.credentials.createInsecure());
  });

  afterAll(async () => {
    goClient?.close();
    bareClient?.close();
    await Promise.all(processes.map((p) => p.stop()));
  });

  it("passes its own Go tests (go test ./...: the rows against Node's, the limits, Server-Timing)", () => {
    const run = spawnSync(goCommand(), ['-C', 'native/go-servers', 'test', './...'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect({ status: run.status, output: run.status === 0 ? '' : `${run.stdout}${run.stderr}` }).toEqual({
      status: 0,
      output: '',
    });
  }, 330_000);

  describe('JSON over net/http', () => {
    it.each(SHAPES)(
      '%s: the same body as the bare Node server, byte for byte: none, some and past the build lane, and streamed',
      async (name) => {
        for (const path of [
          `/samples/0?shape=${name}`,
          `/samples/23?shape=${name}`,
          `/samples/10001?shape=${name}`,
          `/samples/31/stream?chunk=7&offset=2000000&shape=${name}`,
        ]) {
          const [go, node] = await both(path);
          expect([path, go.status, go.headers['content-type']]).toEqual([path, 200, node.headers['content-type']]);
          expect([path, go.body.equals(node.body)]).toEqual([path, true]);
        }
      },
    );

    it('times a reply in Server-Timing (generate, serialize) and a stream in its trailer (and send)', async () => {
      const [unary] = await both('/samples/500?shape=nested');
      expect(parseServerTiming(String(unary.headers['server-timing'])).phases).toEqual({
        generateMs: expect.any(Number),
        serializeMs: expect.any(Number),
      });
      const [stream] = await both('/samples/50/stream?chunk=7');
      expect(parseServerTiming(String(stream.trailers['server-timing'])).phases).toEqual({
        generateMs: expect.any(Number),
        serializeMs: expect.any(Number),
        sendMs: expect.any(Number),
      });
    });

    it.each([
      '/samples/1000001',
      '/samples/-1',
      '/samples/1.5',
      '/samples/3?shape=csv',
      '/samples/3?chunk=2',
      '/samples/3?shape=text&shape=text',
      '/samples/3/stream?chunk=0',
      '/samples/3/stream?offset=2147483646',
      '/samples/100000001/stream',
      '/nope',
    ])('%s: the same status and body as the bare Node server', async (path) => {
      const [go, node] = await both(path);
      expect([go.status, JSON.parse(go.body.toString('utf8'))]).toEqual([
        node.status,
        JSON.parse(node.body.toString('utf8')),
      ]);
      expect(go.status).toBeGreaterThanOrEqual(400);
    });

    it('answers the resource report the client reads (GET /admin/resources), naming its process', async () => {
      const { status, body } = await getJson(`${url('GO_JSON_SERVER_PORT')}/admin/resources`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ pid: processes[0].child.pid, cpuMs: expect.any(Number) });
      expect(body.rssBytes).toBeGreaterThan(0);
    });
  });

  describe('gRPC over grpc-go', () => {
    it.each(SHAPES)(
      '%s: the unary reply and the stream carry the right rows (count, checksum), timed in their trailer',
      async (_name, shape) => {
        const unary = await shapeUnary(goClient, shape, { count: 23 });
        expect(shapeChecksum(shape, unary.rows)).toEqual(expectedDigest(shape, 23));
        expect(parseServerTiming(String(unary.trailers.get('server-timing')[0])).phases).toEqual({
          generateMs: expect.any(Number),
          serializeMs: expect.any(Number),
        });
        const stream = await shapeStream(goClient, shape, { count: 31, offset: 2_000_000, chunk_rows: 7 });
        expect([stream.rows.length, stream.messages]).toEqual([31, 5]);
        expect(shapeChecksum(shape, stream.rows)).toEqual(expectedDigest(shape, 31, 2_000_000));
        expect(parseServerTiming(String(stream.trailers.get('server-timing')[0])).phases).toEqual({
          generateMs: expect.any(Number),
          serializeMs: expect.any(Number),
          sendMs: expect.any(Number),
        });
      },
    );

    it.each([
      ['unary', { count: -1 }],
      ['unary', { count: 1_000_001 }],
      ['stream', { count: -1, offset: 0, chunk_rows: 1 }],
      ['stream', { count: 5, offset: 0, chunk_rows: 0 }],
      ['stream', { count: 10, offset: 2 ** 31 - 5, chunk_rows: 1 }],
    ] as const)("%s %j: INVALID_ARGUMENT with the bare Node server's words", async (kind, request) => {
      const shape = servedShapes()[0];
      const call = (client: grpc.Client) =>
        (kind === 'unary' ? shapeUnary(client, shape, request) : shapeStream(client, shape, request)).then(
          () => null,
          (error: grpc.ServiceError) => ({ code: error.code, details: error.details }),
        );
      const [go, node] = await Promise.all([call(goClient), call(bareClient)]);
      expect(node).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
      expect(go).toEqual(node);
    });
  });
});

suite(`the go-* variants through the client app${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({}, { goServers: true });
  });
  afterAll(() => stack?.stop());

  it.each(SHAPES)('%s: every go-* variant verified, its server named, the server phases read', async (name) => {
    const { status, body } = await getJson(
      `${stack.clientUrl}/client/compare?variants=${GO_VARIANTS.join(',')}&rows=2000&shape=${name}&runs=1&warmup=0`,
    );
    expect(status).toBe(200);
    for (const r of body.results)
      expect([r.variant, r.verified, r.rowsReceivedPerRun, r.target.server]).toEqual([
        r.variant,
        true,
        2000,
        r.variant.startsWith('go-json') ? 'go-json-server' : 'go-grpc-server',
      ]);
    expect(body.results.map((r: { variant: string }) => r.variant)).toEqual(GO_VARIANTS);
    // Their own report, asked for as each family's server is (admin routes, admin RPC): CPU per run and the Go version.
    for (const r of body.results)
      expect([r.variant, typeof r.runs[0].serverCpuMs, r.runtime.server.nodeVersion]).toEqual([
        r.variant,
        'number',
        expect.stringMatching(/^go1\./),
      ]);
    // The Go servers' Server-Timing, read into each run's phases as the Node servers' is.
    for (const r of body.results)
      expect([r.variant, r.runs[0].phases.serverGenerateMs > 0, r.runs[0].phases.serverSerializeMs > 0]).toEqual([
        r.variant,
        true,
        true,
      ]);
  });
});
