// The serializer axis end to end: grpc-static, grpc-es, grpc-tsproto (the Nest gRPC server and ClientGrpc client with
// another protobuf serializer on both sides, named per call), json-fjs (the Fastify JSON server writing with
// fast-json-stringify), proto-http-static and grpc-stream-static (proto-http and the stream with the fastest protobuf
// serializer as an option, on the Nest and the bare gRPC server) time every shape through the client app against the
// real servers, verified, with the bytes their serializer puts on the wire; the servers refuse a serializer they do
// not have, naming the valid ones; and `npm run bench` writes the serializer variants' rows.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { credentials, loadPackageDefinition, Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import type { PackageDefinition } from '@grpc/proto-loader';
import { serializerRefusal, VARIANT_NAMES, VARIANTS } from '@app/bench';
import { appEntry } from '@app/bootstrap';
import {
  getProtobufCodec,
  jsonCodecNames,
  protobufCodecNames,
  SERIALIZER_METADATA,
  SLICES_WITH_SERIALIZER,
} from '@app/codecs';
import { loadSamplePackageDefinition, PROTOBUF_MEDIA_TYPE, SLICE_ROWS_METADATA } from '@app/grpc';
import { getShape, shapeNames } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { getJson, LISTENING, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(240_000);

const ROWS = 40;
const SERIALIZER_VARIANTS = VARIANT_NAMES.filter(
  (v) => VARIANTS[v].factor === 'serializer' && VARIANTS[v].serializer !== undefined,
);

describe('serializer variants through the client app', () => {
  const setup = useStackWithResults('wirebench-serializers-', { jsonVariants: true });

  it(
    'are one per serializer: the protobuf ones from PROTOBUF_CODECS against grpc, json-fjs against ' +
      'json-fastify, the fastest protobuf one as an option of proto-http and grpc-stream',
    () => {
      expect(SERIALIZER_VARIANTS).toEqual([
        'grpc-static',
        'grpc-es',
        'grpc-tsproto',
        'grpc-pbf',
        'grpc-pbf-sized',
        'grpc-protons',
        'json-fjs',
        'json-stream-fjs',
        'proto-http-static',
        'grpc-stream-static',
      ]);
      expect(
        SERIALIZER_VARIANTS.filter((v) => VARIANTS[v].baseline === 'grpc').map((v) => VARIANTS[v].serializer),
      ).toEqual(protobufCodecNames().filter((name) => name !== 'proto-loader'));
    },
  );

  it.each(shapeNames())(
    '%s: every serializer verified, with its own bytes, its serialize and decode phases',
    async (shape) => {
      // pbf cannot carry numeric's 64-bit integers nor nested's optional fields, protons neither shape's 64-bit
      // integers: those pairs are a 400 naming them.
      const refused = SERIALIZER_VARIANTS.filter((v) => serializerRefusal(v, shape) !== null);
      expect(refused).toEqual(
        ['numeric', 'nested'].includes(shape) ? ['grpc-pbf', 'grpc-pbf-sized', 'grpc-protons'] : [],
      );
      for (const variant of refused) {
        const library = variant === 'grpc-protons' ? 'protons' : 'pbf';
        const answer = await getJson(`${setup.stack.clientUrl}/client/bench?variants=${variant}&rows=3&shape=${shape}`);
        expect([answer.status, answer.body.parameter]).toEqual([400, 'shape']);
        expect(answer.body.message).toContain(`variant ${variant} (serializer ${library}`);
        expect(answer.body.message).toContain(`${library} cannot carry`);
      }
      const variants = [
        'grpc',
        'json-fastify',
        'proto-http',
        'grpc-stream',
        'json-stream',
        ...SERIALIZER_VARIANTS.filter((v) => !refused.includes(v)),
      ];
      const { status, body } = await getJson(
        `${setup.stack.clientUrl}/client/bench?variants=` +
          `${variants.join(',')}&rows=${ROWS}&chunk=7&runs=1&shape=${shape}&raw=1`,
      );
      expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
      const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
      expect(Object.keys(byVariant)).toEqual(variants);
      for (const r of body.results) {
        expect({ variant: r.variant, shape: r.shape, verified: r.verified, rows: r.runs[0].rowsReceived }).toEqual({
          variant: r.variant,
          shape,
          verified: true,
          rows: ROWS,
        });
        // The server's phases (Server-Timing header / server-timing trailer) and the client's decode came through.
        expect([
          r.variant,
          r.phases.serverGenerateMs >= 0,
          r.phases.serverSerializeMs > 0,
          r.phases.clientDecodeMs > 0,
        ]).toEqual([r.variant, true, true, true]);
      }
      // The rows the servers send, as proto-loader encodes them: the reference bytes.
      const rows = getShape(shape).rows(ROWS);
      for (const variant of SERIALIZER_VARIANTS.filter(
        (v) => (protobufCodecNames() as string[]).includes(VARIANTS[v].serializer!) && !refused.includes(v),
      )) {
        const codec = getProtobufCodec(VARIANTS[variant].serializer);
        const bound = codec.forShape(getShape(shape));
        // protobufjs writes fields set to their default; protobuf-es and ts-proto leave them out (docs/serializers.md):
        // those are equal to their baseline's bytes (grpc, proto-http, grpc-stream), these to their own encoder's
        // length for the same rows.
        const expected = codec.writesSetDefaults
          ? byVariant[VARIANTS[variant].baseline!].payloadBytesPerRequest
          : bound.encode(bound.prepare(rows)).length;
        expect([variant, byVariant[variant].payloadBytesPerRequest]).toEqual([variant, expected]);
      }
      // fast-json-stringify writes the text JSON.stringify writes: the same body.
      expect(byVariant['json-fjs'].payloadBytesPerRequest).toBe(byVariant['json-fastify'].payloadBytesPerRequest);
      expect(byVariant['json-stream-fjs'].payloadBytesPerRequest).toBe(byVariant['json-stream'].payloadBytesPerRequest);
    },
  );

  it('compares each serializer against its baseline, with the factor named', async () => {
    const { status, body } = await getJson(
      `${setup.stack.clientUrl}/client/compare?variants=grpc,grpc-es,json-fastify,json-fjs&rows=200&runs=2&` +
        `shape=numeric`,
    );
    expect(status).toBe(200);
    const versus = body.versus.map((v: any) => [v.variant, v.against, v.factor]);
    expect(versus).toContainEqual(['grpc-es', 'grpc', 'serializer']);
    expect(versus).toContainEqual(['json-fjs', 'json-fastify', 'serializer']);
  });

  it(
    'the JSON servers refuse an unknown ?serializer= with a 400 naming the valid ones, and honour ' +
      'fast-json-stringify',
    async () => {
      const env = setup.stack.env;
      for (const port of [env.JSON_SERVER_PORT, env.FASTIFY_JSON_SERVER_PORT]) {
        const bad = await getJson(`http://127.0.0.1:${port}/samples/3?serializer=yaml`);
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ parameter: 'serializer', limit: { serializers: jsonCodecNames() } });
        expect(bad.body.message).toContain('fast-json-stringify');
        const plain = await (await fetch(`http://127.0.0.1:${port}/samples/5?shape=nested`)).text();
        const fjs = await fetch(`http://127.0.0.1:${port}/samples/5?shape=nested&serializer=fast-json-stringify`);
        expect(fjs.status).toBe(200);
        expect(await fjs.text()).toBe(plain);
        // A JSON serializer cannot write protobuf, nor a protobuf one JSON: said, naming the valid ones, not replaced.
        const protobuf = await fetch(`http://127.0.0.1:${port}/samples/5?serializer=fast-json-stringify`, {
          headers: { accept: PROTOBUF_MEDIA_TYPE },
        });
        const refused = await protobuf.json();
        expect([protobuf.status, refused.parameter, refused.limit]).toEqual([
          400,
          'serializer',
          { serializers: protobufCodecNames() },
        ]);
        expect(refused.message).toContain(`valid ones are ${protobufCodecNames().join(', ')}`);
        const json = await getJson(`http://127.0.0.1:${port}/samples/5?serializer=protobufjs-static`);
        expect([json.status, json.body.limit]).toEqual([400, { serializers: jsonCodecNames() }]);
        expect(json.body.message).toContain('application/x-protobuf');
      }
    },
  );

  it.each(shapeNames())(
    '%s: the JSON servers write NDJSON lines with ?serializer=fast-json-stringify: the default text; an ' +
      'unknown one is a 400',
    async (shape) => {
      const env = setup.stack.env;
      for (const port of [env.JSON_SERVER_PORT, env.FASTIFY_JSON_SERVER_PORT]) {
        const url = `http://127.0.0.1:${port}/samples/${ROWS}/stream?chunk=7&shape=${shape}`;
        const plain = await (await fetch(url)).text();
        expect(plain.split('\n')).toHaveLength(ROWS + 1);
        const fjs = await fetch(`${url}&serializer=fast-json-stringify`);
        expect(fjs.status).toBe(200);
        expect(await fjs.text()).toBe(plain);
        const bad = await getJson(`${url}&serializer=protobufjs-static`);
        expect([bad.status, bad.body.parameter, bad.body.limit]).toEqual([
          400,
          'serializer',
          { serializers: jsonCodecNames() },
        ]);
      }
    },
  );

  it.each(shapeNames())(
    '%s: the JSON servers encode a protobuf body with ?serializer=protobufjs-static: byte for byte the default one',
    async (shape) => {
      const env = setup.stack.env;
      for (const port of [env.JSON_SERVER_PORT, env.FASTIFY_JSON_SERVER_PORT]) {
        const body = async (query: string) => {
          const response = await fetch(`http://127.0.0.1:${port}/samples/${ROWS}?shape=${shape}${query}`, {
            headers: { accept: PROTOBUF_MEDIA_TYPE },
          });
          expect([response.status, response.headers.get('content-type')]).toEqual([200, PROTOBUF_MEDIA_TYPE]);
          return Buffer.from(await response.arrayBuffer());
        };
        const plain = await body('');
        expect(plain.length).toBeGreaterThan(0);
        expect((await body('&serializer=protobufjs-static')).equals(plain)).toBe(true);
        expect((await body('&serializer=proto-loader')).equals(plain)).toBe(true);
      }
    },
  );

  it(
    'the gRPC server refuses an unknown wirebench-serializer with INVALID_ARGUMENT naming the valid ones, ' +
      'and on the stream or with slices',
    async () => {
      const pkg = loadPackageDefinition(loadSamplePackageDefinition()) as any;
      const client = new pkg.wirebench.shapes.NumericService(
        `127.0.0.1:${setup.stack.env.GRPC_SERVER_PORT}`,
        credentials.createInsecure(),
      );
      try {
        const call = (metadata: Record<string, string>) =>
          new Promise<ServiceError | null>((resolve) => {
            const m = new Metadata();
            for (const [k, v] of Object.entries(metadata)) m.set(k, v);
            client.GetRows({ count: 3 }, m, (error: ServiceError | null) => resolve(error));
          });
        const unknown = await call({ [SERIALIZER_METADATA]: 'avro' });
        expect(unknown?.code).toBe(GrpcStatus.INVALID_ARGUMENT);
        for (const name of protobufCodecNames()) expect(unknown?.details).toContain(name);
        expect((await call({ [SERIALIZER_METADATA]: 'protobuf-es', [SLICE_ROWS_METADATA]: '2' }))?.details).toBe(
          SLICES_WITH_SERIALIZER,
        );
        expect(await call({ [SERIALIZER_METADATA]: 'ts-proto' })).toBeNull();
      } finally {
        client.close();
      }
    },
  );

  describe('the streams with a serializer, on the Nest and the bare gRPC server', () => {
    let bareGrpc: AppProcess;
    let bareClient: AppProcess;
    let bareAddress: string;
    let bareClientUrl: string;

    beforeAll(async () => {
      // The bare gRPC server, and a client app whose gRPC target it is (the engine's verification against it).
      const barePort = String(await freePort());
      const env = { ...setup.stack.env, BARE_GRPC_SERVER_PORT: barePort };
      bareAddress = `127.0.0.1:${barePort}`;
      bareGrpc = AppProcess.start('bare-grpc-server', env);
      await bareGrpc.waitFor(LISTENING);
      const clientPort = String(await freePort());
      bareClient = AppProcess.start('client', { ...env, CLIENT_PORT: clientPort, GRPC_SERVER_ADDRESS: bareAddress });
      await bareClient.waitFor(LISTENING);
      bareClientUrl = `http://127.0.0.1:${clientPort}`;
    });

    afterAll(async () => {
      await Promise.all([bareClient?.stop(), bareGrpc?.stop()]);
    });

    it.each(shapeNames())('%s: grpc-stream-static against the bare gRPC server, verified', async (shape) => {
      const variants = ['grpc-stream', 'grpc-stream-static'];
      const { status, body } = await getJson(
        `${bareClientUrl}/client/bench?variants=${variants.join(',')}&rows=${ROWS}&chunk=7&runs=1&shape=${shape}&raw=1`,
      );
      expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
      // The bare server answered (the client's gRPC target), every row verified.
      for (const r of body.results)
        expect({
          variant: r.variant,
          address: r.target.address,
          verified: r.verified,
          rows: r.runs[0].rowsReceived,
        }).toEqual({ variant: r.variant, address: bareAddress, verified: true, rows: ROWS });
      expect(body.results[1].payloadBytesPerRequest).toBe(body.results[0].payloadBytesPerRequest);
    });

    it.each(shapeNames())('%s: each streamed message byte for byte the default one, on both servers', async (shape) => {
      const reference = await streamBytes(`127.0.0.1:${setup.stack.env.GRPC_SERVER_PORT}`, shape, null);
      expect(reference.length).toBe(Math.ceil(ROWS / 7));
      for (const address of [`127.0.0.1:${setup.stack.env.GRPC_SERVER_PORT}`, bareAddress]) {
        const messages = await streamBytes(address, shape, 'protobufjs-static');
        expect(messages.map((m) => m.toString('base64'))).toEqual(reference.map((m) => m.toString('base64')));
      }
    });

    it('refuse an unknown wirebench-serializer on the stream with INVALID_ARGUMENT naming the valid ones', async () => {
      for (const address of [`127.0.0.1:${setup.stack.env.GRPC_SERVER_PORT}`, bareAddress]) {
        const error = await streamBytes(address, 'numeric', 'avro').then(
          () => null,
          (e: ServiceError) => e,
        );
        expect([address, error?.code]).toEqual([address, GrpcStatus.INVALID_ARGUMENT]);
        for (const name of protobufCodecNames()) expect(error?.details).toContain(name);
      }
    });
  });
});

/**
 * A shape's stream of ROWS rows in chunks of 7 as the bytes of each message, through a grpc-js client whose
 * deserializer keeps the bytes (nothing decoded, so the comparison is of the wire's messages); with a serializer named.
 */
function streamBytes(address: string, shape: string, serializer: string | null): Promise<Buffer[]> {
  const { grpcService, streamMethod } = getShape(shape);
  const pkg = loadSamplePackageDefinition();
  const service = pkg[grpcService] as Record<string, object>;
  const raw: PackageDefinition = {
    ...pkg,
    [grpcService]: {
      ...service,
      [streamMethod]: { ...service[streamMethod], responseDeserialize: (bytes: Buffer) => bytes },
    } as PackageDefinition[string],
  };
  const Client = grpcService.split('.').reduce((at: any, name) => at[name], loadPackageDefinition(raw));
  const client = new Client(address, credentials.createInsecure());
  const metadata = new Metadata();
  if (serializer !== null) metadata.set(SERIALIZER_METADATA, serializer);
  return new Promise<Buffer[]>((resolve, reject) => {
    const messages: Buffer[] = [];
    const call = client[streamMethod]({ count: ROWS, offset: 0, chunk_rows: 7 }, metadata);
    call.on('data', (bytes: Buffer) => messages.push(bytes));
    call.on('error', reject);
    call.on('end', () => resolve(messages));
  }).finally(() => client.close());
}

describe('npm run bench --variants grpc,grpc-es', () => {
  it('writes both rows to the CSV, verified', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-bench-serializers-'));
    try {
      const bench = new AppProcess(
        process.execPath,
        [
          appEntry('bench-cli', 'main.js', ROOT),
          '--variants',
          'grpc,grpc-es',
          '--shapes',
          'numeric',
          '--rows',
          '1000',
          '--runs',
          '1',
          '--warmup',
          '0',
          '--out',
          out,
        ],
        await portsEnv(),
      );
      const { code } = await bench.exited;
      expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [dir] = readdirSync(out);
      const summary: Record<string, string>[] = parse(readFileSync(join(out, dir, 'summary.csv'), 'utf8'), {
        columns: true,
      });
      expect(summary.map((r) => [r.variant, r.shape, r.verified])).toEqual([
        ['grpc', 'numeric', 'true'],
        ['grpc-es', 'numeric', 'true'],
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
