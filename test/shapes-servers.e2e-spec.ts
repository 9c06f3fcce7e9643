// Every shape from every server, as built processes: the JSON servers (Nest on Express, Fastify and h2c; bare
// node:http) in JSON, protobuf where offered, and NDJSON streams. A reply is checked by its row count and by the shapes' checksum against
// the rows the generator makes, so JSON and protobuf of the same rows must agree.
import { request as http1Request } from 'node:http';
import { connect } from 'node:http2';
import { rows as articleRows } from '@app/data-generator';
import { rowsCodec } from '@app/grpc';
import { canonicalFromProtobuf, getShape, type JsonRow, servedShapes, type Shape, shapeChecksum, shapeNames } from '@app/shapes';
import { parseServerTiming } from '@app/server-timing';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(120_000);

const SHAPES = servedShapes().map((shape) => [shape.name, shape] as const);
// Low enough that a few thousand binary rows (about 5.5 KB each as JSON) cannot fit, high enough for every other reply here.
const MAX_INFLIGHT_BYTES = 16 * 1024 * 1024;

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  trailers: Record<string, string | string[] | undefined>;
}

/** One GET over HTTP/1.1, or over h2c (prior knowledge) for the h2 server, with the body and trailers. */
function get(server: HttpServer, path: string, headers: Record<string, string> = {}): Promise<Reply> {
  const url = `http://127.0.0.1:${server.port()}`;
  if (server.h2) {
    return new Promise((resolve, reject) => {
      const session = connect(url);
      session.on('error', reject);
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let status = 0;
      let responseHeaders: Reply['headers'] = {};
      let trailers: Reply['trailers'] = {};
      stream.on('response', (h) => {
        status = Number(h[':status']);
        responseHeaders = h;
      });
      stream.on('trailers', (t) => (trailers = t));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        session.close();
        resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks), trailers });
      });
      stream.on('error', reject);
    });
  }
  return new Promise((resolve, reject) => {
    const req = http1Request(`${url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks), trailers: res.trailers }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

interface HttpServer {
  name: string;
  app: 'json-server' | 'json-fastify-server' | 'json-h2-server' | 'bare-json-server';
  portVariable: string;
  h2: boolean;
  /** Accept: application/x-protobuf (the proto-http variant): the Nest server only. */
  protobuf: boolean;
  port(): string;
}

const expectedDigest = (shape: Shape, count: number, offset = 0) => shapeChecksum(shape, shape.rows(count, offset).map((row) => shape.toJson(row)));
const protobufRows = (shape: Shape, body: Buffer): JsonRow[] => rowsCodec(shape).deserialize(body)[shape.rowsField].map((row) => canonicalFromProtobuf(shape, row));
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
    { name: 'Nest on Express', app: 'json-server', portVariable: 'JSON_SERVER_PORT', h2: false, protobuf: true, port: () => env.JSON_SERVER_PORT },
    { name: 'Nest on Fastify', app: 'json-fastify-server', portVariable: 'FASTIFY_JSON_SERVER_PORT', h2: false, protobuf: true, port: () => env.FASTIFY_JSON_SERVER_PORT },
    { name: 'Nest on h2c', app: 'json-h2-server', portVariable: 'H2_JSON_SERVER_PORT', h2: true, protobuf: true, port: () => env.H2_JSON_SERVER_PORT },
    { name: 'bare node:http', app: 'bare-json-server', portVariable: 'BARE_JSON_SERVER_PORT', h2: false, protobuf: false, port: () => env.BARE_JSON_SERVER_PORT },
  ];

  beforeAll(async () => {
    env = await portsEnv({ BARE_JSON_SERVER_PORT: String(await freePort()), MAX_INFLIGHT_BYTES: String(MAX_INFLIGHT_BYTES), STREAM_BUFFER_BYTES: String(4 * 1024 * 1024) });
    for (const server of SERVERS) processes.push(AppProcess.start(server.app, env));
    await Promise.all(processes.map((p) => p.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  describe.each(SERVERS.map((s) => [s.name, s] as const))('%s', (_name, server) => {
    it.each(SHAPES)('GET /samples/:count?shape=%s: `{ <rowsField>: rows }`, each row in its JSON form, count and checksum right', async (name, shape) => {
      const reply = await get(server, `/samples/23?shape=${name}`);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(reply.body.toString('utf8')) as Record<string, JsonRow[]>;
      expect(Object.keys(body)).toEqual([shape.rowsField]);
      expect(shapeChecksum(shape, body[shape.rowsField])).toEqual(expectedDigest(shape, 23));
    });

    it.each(SHAPES)('GET /samples/:count/stream?shape=%s: NDJSON of the rows from offset, one JSON form per line', async (name, shape) => {
      const reply = await get(server, `/samples/31/stream?chunk=7&offset=2000000&shape=${name}`);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('application/x-ndjson');
      const rows = ndjsonRows(reply.body);
      expect(rows).toHaveLength(31);
      expect(shapeChecksum(shape, rows)).toEqual(expectedDigest(shape, 31, 2_000_000));
      expect(parseServerTiming(String(reply.trailers['server-timing'])).phases).toEqual({ generateMs: expect.any(Number), serializeMs: expect.any(Number), sendMs: expect.any(Number) });
    });

    if (server.protobuf) {
      it.each(SHAPES)("Accept: application/x-protobuf, shape=%s: the shape's rows message, the same rows (checksum) as JSON", async (name, shape) => {
        const reply = await get(server, `/samples/23?shape=${name}`, { accept: 'application/x-protobuf' });
        expect(reply.status).toBe(200);
        expect(reply.headers['content-type']).toBe('application/x-protobuf');
        expect(reply.body.equals(rowsCodec(shape).serialize({ [shape.rowsField]: shape.rows(23) }))).toBe(true);
        const rows = protobufRows(shape, reply.body);
        expect(rows).toHaveLength(23);
        const json = JSON.parse((await get(server, `/samples/23?shape=${name}`)).body.toString('utf8'))[shape.rowsField] as JsonRow[];
        expect(shapeChecksum(shape, rows)).toEqual(shapeChecksum(shape, json));
      });

      it('times a shape reply in Server-Timing: generate (rows in the form sent) and serialize', async () => {
        for (const accept of ['application/json', 'application/x-protobuf']) {
          const reply = await get(server, '/samples/500?shape=nested', { accept });
          expect(parseServerTiming(String(reply.headers['server-timing'])).phases).toEqual({ generateMs: expect.any(Number), serializeMs: expect.any(Number) });
        }
      });
    }

    it("row: no shape and shape=row give today's body, byte for byte, unary and stream", async () => {
      const today = JSON.stringify({ samples: articleRows(5) });
      expect((await get(server, '/samples/5')).body.toString('utf8')).toBe(today);
      expect((await get(server, '/samples/5?shape=row')).body.toString('utf8')).toBe(today);
      const ndjson = articleRows(6, 10).map((row) => JSON.stringify(row) + '\n').join('');
      expect((await get(server, '/samples/6/stream?offset=10')).body.toString('utf8')).toBe(ndjson);
      expect((await get(server, '/samples/6/stream?offset=10&shape=row')).body.toString('utf8')).toBe(ndjson);
    });

    it.each(['/samples/3?shape=csv', '/server-a/3?shape=Row', '/samples/3/stream?shape=', '/samples/3/stream?shape=nope'])('%s -> 400 listing the valid shapes', async (path) => {
      const reply = await get(server, path);
      expect(reply.status).toBe(400);
      const body = JSON.parse(reply.body.toString('utf8'));
      expect(body).toMatchObject({ statusCode: 400, parameter: 'shape', limit: { shapes: shapeNames() } });
      expect(body.message).toMatch(new RegExp(`valid shapes are ${shapeNames().join(', ')}$`));
    });

    it.each(['/samples/3?shape=text&shape=text', '/samples/3/stream?shape=row&shape=numeric'])('%s -> 400: shape given twice', async (path) => {
      const reply = await get(server, path);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body.toString('utf8'))).toMatchObject({ parameter: 'shape', message: 'shape is given 2 times; give it once' });
    });

    it("weighs the shape's size against MAX_INFLIGHT_BYTES: rows that fit as `row` are refused as `binary`, naming the limit", async () => {
      const count = 4000;
      expect(getShape('binary').maxRowBytes(count - 1).json * count).toBeGreaterThan(MAX_INFLIGHT_BYTES);
      expect((await get(server, `/samples/${count}`)).status).toBe(200);
      const refused = await get(server, `/samples/${count}?shape=binary`);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString('utf8'))).toMatchObject({ parameter: 'MAX_INFLIGHT_BYTES', limit: MAX_INFLIGHT_BYTES });
    });

    it('serves a large reply (past the build lane threshold) of another shape', async () => {
      const reply = await get(server, '/samples/10001?shape=numeric');
      expect(reply.status).toBe(200);
      const rows = (JSON.parse(reply.body.toString('utf8')) as { rows: JsonRow[] }).rows;
      expect(shapeChecksum(getShape('numeric'), rows)).toEqual(expectedDigest(getShape('numeric'), 10_001));
    });
  });
});
