// Every shape from every server, as built processes: the JSON servers (Nest on Express, Fastify and h2c; bare
// node:http) in JSON, protobuf where offered, and NDJSON streams; the gRPC servers (Nest, bare grpc-js) unary and
// streaming, through a plain grpc-js client. A reply is checked by its row count and by the shapes' checksum against
// the rows the generator makes, so JSON and protobuf of the same rows must agree.
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { rows as articleRows } from '@app/data-generator';
import { LOADER_OPTIONS, rowsCodec, SLICE_ROWS_METADATA } from '@app/grpc';
import {
  canonicalFromProtobuf,
  getShape,
  type JsonRow,
  servedShapes,
  type Shape,
  shapeChecksum,
  shapeNames,
} from '@app/shapes';
import { parseServerTiming } from '@app/server-timing';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { getReply, type Reply, shapeStream, shapeUnary } from './support/shape-calls';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(120_000);

const SHAPES = servedShapes().map((shape) => [shape.name, shape] as const);
// Low enough that a few thousand binary rows (about 5.5 KB each as JSON) cannot fit, high enough for every other reply
// here.
const MAX_INFLIGHT_BYTES = 16 * 1024 * 1024;

/** One GET over HTTP/1.1, or over h2c (prior knowledge) for the h2 server, with the body and trailers. */
const get = (server: HttpServer, path: string, headers: Record<string, string> = {}): Promise<Reply> =>
  getReply(`http://127.0.0.1:${server.port()}`, path, headers, server.h2);

interface HttpServer {
  name: string;
  app: 'json-server' | 'json-fastify-server' | 'json-h2-server' | 'bare-json-server';
  portVariable: string;
  h2: boolean;
  /** Accept: application/x-protobuf (the proto-http variant): the Nest server only. */
  protobuf: boolean;
  port(): string;
}

const expectedDigest = (shape: Shape, count: number, offset = 0) =>
  shapeChecksum(
    shape,
    shape.rows(count, offset).map((row) => shape.toJson(row)),
  );
const protobufRows = (shape: Shape, body: Buffer): JsonRow[] =>
  (rowsCodec(shape).deserialize(body)[shape.rowsField] as JsonRow[]).map((row) => canonicalFromProtobuf(shape, row));
const ndjsonRows = (body: Buffer): JsonRow[] =>
  body
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as JsonRow);

describe('every shape from every JSON server', () => {
  let env: Record<string, string>;
  const processes: AppProcess[] = [];
  const SERVERS: HttpServer[] = [
    {
      name: 'Nest on Express',
      app: 'json-server',
      portVariable: 'JSON_SERVER_PORT',
      h2: false,
      protobuf: true,
      port: () => env.JSON_SERVER_PORT,
    },
    {
      name: 'Nest on Fastify',
      app: 'json-fastify-server',
      portVariable: 'FASTIFY_JSON_SERVER_PORT',
      h2: false,
      protobuf: true,
      port: () => env.FASTIFY_JSON_SERVER_PORT,
    },
    {
      name: 'Nest on h2c',
      app: 'json-h2-server',
      portVariable: 'H2_JSON_SERVER_PORT',
      h2: true,
      protobuf: true,
      port: () => env.H2_JSON_SERVER_PORT,
    },
    {
      name: 'bare node:http',
      app: 'bare-json-server',
      portVariable: 'BARE_JSON_SERVER_PORT',
      h2: false,
      protobuf: false,
      port: () => env.BARE_JSON_SERVER_PORT,
    },
  ];

  beforeAll(async () => {
    env = await portsEnv({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      MAX_INFLIGHT_BYTES: String(MAX_INFLIGHT_BYTES),
      STREAM_BUFFER_BYTES: String(4 * 1024 * 1024),
    });
    for (const server of SERVERS) processes.push(AppProcess.start(server.app, env));
    await Promise.all(processes.map((p) => p.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  describe.each(SERVERS.map((s) => [s.name, s] as const))('%s', (_name, server) => {
    it.each(SHAPES)(
      'GET /samples/:count?shape=%s: `{ <rowsField>: rows }`, each row in its JSON form, count and checksum right',
      async (name, shape) => {
        const reply = await get(server, `/samples/23?shape=${name}`);
        expect(reply.status).toBe(200);
        expect(reply.headers['content-type']).toMatch(/^application\/json/);
        const body = JSON.parse(reply.body.toString('utf8')) as Record<string, JsonRow[]>;
        expect(Object.keys(body)).toEqual([shape.rowsField]);
        expect(shapeChecksum(shape, body[shape.rowsField])).toEqual(expectedDigest(shape, 23));
      },
    );

    it.each(SHAPES)(
      'GET /samples/:count/stream?shape=%s: NDJSON of the rows from offset, one JSON form per line',
      async (name, shape) => {
        const reply = await get(server, `/samples/31/stream?chunk=7&offset=2000000&shape=${name}`);
        expect(reply.status).toBe(200);
        expect(reply.headers['content-type']).toBe('application/x-ndjson');
        const rows = ndjsonRows(reply.body);
        expect(rows).toHaveLength(31);
        expect(shapeChecksum(shape, rows)).toEqual(expectedDigest(shape, 31, 2_000_000));
        expect(parseServerTiming(String(reply.trailers['server-timing'])).phases).toEqual({
          generateMs: expect.any(Number),
          serializeMs: expect.any(Number),
          sendMs: expect.any(Number),
        });
      },
    );

    if (server.protobuf) {
      it.each(SHAPES)(
        "Accept: application/x-protobuf, shape=%s: the shape's rows message, the same rows (checksum) as JSON",
        async (name, shape) => {
          const reply = await get(server, `/samples/23?shape=${name}`, { accept: 'application/x-protobuf' });
          expect(reply.status).toBe(200);
          expect(reply.headers['content-type']).toBe('application/x-protobuf');
          expect(reply.body.equals(rowsCodec(shape).serialize({ [shape.rowsField]: shape.rows(23) }))).toBe(true);
          const rows = protobufRows(shape, reply.body);
          expect(rows).toHaveLength(23);
          const json = JSON.parse((await get(server, `/samples/23?shape=${name}`)).body.toString('utf8'))[
            shape.rowsField
          ] as JsonRow[];
          expect(shapeChecksum(shape, rows)).toEqual(shapeChecksum(shape, json));
        },
      );

      it('times a shape reply in Server-Timing: generate (rows in the form sent) and serialize', async () => {
        for (const accept of ['application/json', 'application/x-protobuf']) {
          const reply = await get(server, '/samples/500?shape=nested', { accept });
          expect(parseServerTiming(String(reply.headers['server-timing'])).phases).toEqual({
            generateMs: expect.any(Number),
            serializeMs: expect.any(Number),
          });
        }
      });
    }

    it("row: no shape and shape=row give today's body, byte for byte, unary and stream", async () => {
      const today = JSON.stringify({ samples: articleRows(5) });
      expect((await get(server, '/samples/5')).body.toString('utf8')).toBe(today);
      expect((await get(server, '/samples/5?shape=row')).body.toString('utf8')).toBe(today);
      const ndjson = articleRows(6, 10)
        .map((row) => JSON.stringify(row) + '\n')
        .join('');
      expect((await get(server, '/samples/6/stream?offset=10')).body.toString('utf8')).toBe(ndjson);
      expect((await get(server, '/samples/6/stream?offset=10&shape=row')).body.toString('utf8')).toBe(ndjson);
    });

    it.each([
      '/samples/3?shape=csv',
      '/server-a/3?shape=Row',
      '/samples/3/stream?shape=',
      '/samples/3/stream?shape=nope',
    ])('%s -> 400 listing the valid shapes', async (path) => {
      const reply = await get(server, path);
      expect(reply.status).toBe(400);
      const body = JSON.parse(reply.body.toString('utf8'));
      expect(body).toMatchObject({ statusCode: 400, parameter: 'shape', limit: { shapes: shapeNames() } });
      expect(body.message).toMatch(new RegExp(`valid shapes are ${shapeNames().join(', ')}$`));
    });

    it.each(['/samples/3?shape=text&shape=text', '/samples/3/stream?shape=row&shape=numeric'])(
      '%s -> 400: shape given twice',
      async (path) => {
        const reply = await get(server, path);
        expect(reply.status).toBe(400);
        expect(JSON.parse(reply.body.toString('utf8'))).toMatchObject({
          parameter: 'shape',
          message: 'shape is given 2 times; give it once',
        });
      },
    );

    it(
      "weighs the shape's size against MAX_INFLIGHT_BYTES: rows that fit as `row` are refused as `binary`, " +
        'naming the limit',
      async () => {
        const count = 4000;
        expect(getShape('binary').maxRowBytes(count - 1).json * count).toBeGreaterThan(MAX_INFLIGHT_BYTES);
        expect((await get(server, `/samples/${count}`)).status).toBe(200);
        const refused = await get(server, `/samples/${count}?shape=binary`);
        expect(refused.status).toBe(400);
        expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({
          parameter: 'MAX_INFLIGHT_BYTES',
          limit: MAX_INFLIGHT_BYTES,
        });
      },
    );

    it('serves a large reply (past the build lane threshold) of another shape', async () => {
      const reply = await get(server, '/samples/10001?shape=numeric');
      expect(reply.status).toBe(200);
      const rows = (JSON.parse(reply.body.toString('utf8')) as { rows: JsonRow[] }).rows;
      expect(shapeChecksum(getShape('numeric'), rows)).toEqual(expectedDigest(getShape('numeric'), 10_001));
    });
  });
});

describe('every shape from every gRPC server', () => {
  let env: Record<string, string>;
  const processes: AppProcess[] = [];
  const SERVERS = [
    ['Nest gRPC', 'grpc-server', 'GRPC_SERVER_PORT'],
    ['bare grpc-js', 'bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
  ] as const;
  const clients = new Map<string, grpc.Client>();
  const clientOf = (portVariable: string) => {
    if (!clients.has(portVariable))
      clients.set(portVariable, new grpc.Client(`127.0.0.1:${env[portVariable]}`, grpc.credentials.createInsecure()));
    return clients.get(portVariable)!;
  };

  const unary = (portVariable: string, shape: Shape, request: object, metadata = new grpc.Metadata()) =>
    shapeUnary(clientOf(portVariable), shape, request, metadata);
  const stream = (portVariable: string, shape: Shape, request: object) =>
    shapeStream(clientOf(portVariable), shape, request);

  beforeAll(async () => {
    env = await portsEnv({
      BARE_GRPC_SERVER_PORT: String(await freePort()),
      MAX_INFLIGHT_BYTES: String(MAX_INFLIGHT_BYTES),
      STREAM_BUFFER_BYTES: String(4 * 1024 * 1024),
    });
    for (const [, app] of SERVERS) processes.push(AppProcess.start(app, env));
    await Promise.all(processes.map((p) => p.waitFor(LISTENING)));
  });

  afterAll(async () => {
    for (const client of clients.values()) client.close();
    await Promise.all(processes.map((p) => p.stop()));
  });

  describe.each(SERVERS)('%s', (_name, _app, portVariable) => {
    it.each(SHAPES)(
      "%s: the unary method's reply has count rows, the right checksum, and a server-timing trailer",
      async (_shape, shape) => {
        const { rows, trailers } = await unary(portVariable, shape, { count: 23 });
        expect(rows).toHaveLength(23);
        expect(shapeChecksum(shape, rows)).toEqual(expectedDigest(shape, 23));
        expect(parseServerTiming(String(trailers.get('server-timing')[0])).phases).toEqual({
          generateMs: expect.any(Number),
          serializeMs: expect.any(Number),
          sendMs: expect.any(Number),
        });
      },
    );

    it.each(SHAPES)(
      '%s: the stream sends rows from offset in messages of chunk_rows, with the server-timing trailer',
      async (_shape, shape) => {
        const { rows, messages, trailers } = await stream(portVariable, shape, {
          count: 31,
          offset: 2_000_000,
          chunk_rows: 7,
        });
        expect([rows.length, messages]).toEqual([31, 5]);
        expect(shapeChecksum(shape, rows)).toEqual(expectedDigest(shape, 31, 2_000_000));
        expect(parseServerTiming(String(trailers.get('server-timing')[0])).phases).toEqual({
          generateMs: expect.any(Number),
          serializeMs: expect.any(Number),
          sendMs: expect.any(Number),
        });
      },
    );

    it.each(SHAPES)('%s: sliced encoding (wirebench-slice-rows) gives the same rows', async (_shape, shape) => {
      const metadata = new grpc.Metadata();
      metadata.set(SLICE_ROWS_METADATA, '4');
      const { rows } = await unary(portVariable, shape, { count: 23 }, metadata);
      expect(shapeChecksum(shape, rows)).toEqual(expectedDigest(shape, 23));
    });

    it('serves a large reply (past the build lane threshold) of another shape', async () => {
      const { rows } = await unary(portVariable, getShape('nested'), { count: 10_001 });
      expect(shapeChecksum(getShape('nested'), rows)).toEqual(expectedDigest(getShape('nested'), 10_001));
    });

    it.each([
      ['count -1', 'unaryMethod', { count: -1 }, /count must be an integer from 0 to \d+/],
      ['count 2^31-1', 'unaryMethod', { count: 2 ** 31 - 1 }, /count must be an integer from 0 to \d+/],
      [
        'stream count -1',
        'streamMethod',
        { count: -1, offset: 0, chunk_rows: 1 },
        /count must be an integer from 0 to \d+ \(MAX_STREAM_ROWS\)/,
      ],
      [
        'stream chunk_rows 0',
        'streamMethod',
        { count: 5, offset: 0, chunk_rows: 0 },
        /chunk_rows must be an integer from 1 to \d+ \(MAX_ROWS\)/,
      ],
    ] as const)(
      'a shape service answers INVALID_ARGUMENT naming the limit: %s',
      async (_case, kind, request, details) => {
        const shape = getShape('text');
        const call =
          kind === 'unaryMethod' ? unary(portVariable, shape, request) : stream(portVariable, shape, request);
        await expect(call).rejects.toMatchObject({
          code: grpc.status.INVALID_ARGUMENT,
          details: expect.stringMatching(details),
        });
      },
    );

    it(
      "weighs the shape's size against MAX_INFLIGHT_BYTES: rows that fit as `row` are refused as `binary`, " +
        'naming the limit',
      async () => {
        const count = 5000;
        expect(getShape('binary').maxRowBytes(count - 1).protobuf * count).toBeGreaterThan(MAX_INFLIGHT_BYTES);
        expect((await unary(portVariable, getShape('row'), { count })).rows).toHaveLength(count);
        await expect(unary(portVariable, getShape('binary'), { count })).rejects.toMatchObject({
          details: expect.stringContaining(`MAX_INFLIGHT_BYTES (${MAX_INFLIGHT_BYTES} bytes)`),
        });
      },
    );

    it("reports SERVING for every shape's service", async () => {
      const health = grpc.loadPackageDefinition(loadSync(healthProtoPath, LOADER_OPTIONS)) as any;
      const client = new health.grpc.health.v1.Health(
        `127.0.0.1:${env[portVariable]}`,
        grpc.credentials.createInsecure(),
      );
      try {
        for (const shape of servedShapes()) {
          const reply = await new Promise((resolve, reject) =>
            client.Check({ service: shape.grpcService }, (e: Error | null, r: unknown) => (e ? reject(e) : resolve(r))),
          );
          expect({ service: shape.grpcService, reply }).toEqual({
            service: shape.grpcService,
            reply: { status: 'SERVING' },
          });
        }
      } finally {
        client.close();
      }
    });
  });
});
