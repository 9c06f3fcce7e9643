// The serializer axis end to end: grpc-static, grpc-es, grpc-tsproto (the Nest gRPC server and ClientGrpc client with
// another protobuf serializer on both sides, named per call) and json-fjs (the Fastify JSON server writing with
// fast-json-stringify) time every shape through the client app against the real servers, verified, with the bytes
// their serializer puts on the wire; the servers refuse a serializer they do not have, naming the valid ones; and
// `npm run bench` writes the serializer variants' rows.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { credentials, loadPackageDefinition, Metadata, status as GrpcStatus, type ServiceError } from '@grpc/grpc-js';
import { VARIANT_NAMES, VARIANTS } from '@app/bench';
import { appEntry } from '@app/bootstrap';
import { getProtobufCodec, jsonCodecNames, protobufCodecNames, SERIALIZER_METADATA, SLICES_WITH_SERIALIZER, STREAM_SERIALIZER } from '@app/codecs';
import { loadSamplePackageDefinition, SLICE_ROWS_METADATA } from '@app/grpc';
import { getShape, shapeNames } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { getJson, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(240_000);

const ROWS = 40;
const SERIALIZER_VARIANTS = VARIANT_NAMES.filter((v) => VARIANTS[v].factor === 'serializer' && VARIANTS[v].serializer !== undefined);

describe('serializer variants through the client app', () => {
  const setup = useStackWithResults('wirebench-serializers-', { jsonVariants: true });

  it('are one per serializer: the protobuf ones from PROTOBUF_CODECS against grpc, json-fjs against json-fastify', () => {
    expect(SERIALIZER_VARIANTS).toEqual(['grpc-static', 'grpc-es', 'grpc-tsproto', 'json-fjs']);
    expect(SERIALIZER_VARIANTS.filter((v) => VARIANTS[v].family === 'grpc').map((v) => VARIANTS[v].serializer)).toEqual(
      protobufCodecNames().filter((name) => name !== 'proto-loader'),
    );
  });

  it.each(shapeNames())('%s: every serializer verified, with its own bytes, its serialize and decode phases', async (shape) => {
    const variants = ['grpc', 'json-fastify', ...SERIALIZER_VARIANTS];
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client/bench?variants=${variants.join(',')}&rows=${ROWS}&runs=1&shape=${shape}&raw=1`);
    expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
    const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
    expect(Object.keys(byVariant)).toEqual(variants);
    for (const r of body.results) {
      expect({ variant: r.variant, shape: r.shape, verified: r.verified, rows: r.runs[0].rowsReceived }).toEqual({ variant: r.variant, shape, verified: true, rows: ROWS });
      // The server's phases (Server-Timing header / server-timing trailer) and the client's decode came through.
      expect([r.variant, r.phases.serverGenerateMs >= 0, r.phases.serverSerializeMs > 0, r.phases.clientDecodeMs > 0]).toEqual([r.variant, true, true, true]);
    }
    // The rows the servers send, as proto-loader encodes them: the reference bytes.
    const rows = getShape(shape).rows(ROWS);
    for (const variant of SERIALIZER_VARIANTS.filter((v) => VARIANTS[v].family === 'grpc')) {
      const codec = getProtobufCodec(VARIANTS[variant].serializer);
      const bound = codec.forShape(getShape(shape));
      // protobufjs writes fields set to their default; protobuf-es and ts-proto leave them out (docs/serializers.md):
      // those are equal to grpc's bytes, these to their own encoder's length for the same rows.
      const expected = codec.writesSetDefaults ? byVariant.grpc.payloadBytesPerRequest : bound.encode(bound.prepare(rows)).length;
      expect([variant, byVariant[variant].payloadBytesPerRequest]).toEqual([variant, expected]);
    }
    // fast-json-stringify writes the text JSON.stringify writes: the same body.
    expect(byVariant['json-fjs'].payloadBytesPerRequest).toBe(byVariant['json-fastify'].payloadBytesPerRequest);
  });

  it('compares each serializer against its baseline, with the factor named', async () => {
    const { status, body } = await getJson(`${setup.stack.clientUrl}/client/compare?variants=grpc,grpc-es,json-fastify,json-fjs&rows=200&runs=2&shape=numeric`);
    expect(status).toBe(200);
    const versus = body.versus.map((v: any) => [v.variant, v.against, v.factor]);
    expect(versus).toContainEqual(['grpc-es', 'grpc', 'serializer']);
    expect(versus).toContainEqual(['json-fjs', 'json-fastify', 'serializer']);
  });

  it('the JSON servers refuse an unknown ?serializer= with a 400 naming the valid ones, and honour fast-json-stringify', async () => {
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
      // A JSON serializer cannot write protobuf: said, not replaced.
      const protobuf = await fetch(`http://127.0.0.1:${port}/samples/5?serializer=fast-json-stringify`, { headers: { accept: 'application/x-protobuf' } });
      expect(protobuf.status).toBe(400);
      expect(await protobuf.text()).toContain('leave serializer out for protobuf');
    }
  });

  it('the gRPC server refuses an unknown wirebench-serializer with INVALID_ARGUMENT naming the valid ones, and on the stream or with slices', async () => {
    const pkg = loadPackageDefinition(loadSamplePackageDefinition()) as any;
    const client = new pkg.wirebench.shapes.NumericService(`127.0.0.1:${setup.stack.env.GRPC_SERVER_PORT}`, credentials.createInsecure());
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
      expect((await call({ [SERIALIZER_METADATA]: 'protobuf-es', [SLICE_ROWS_METADATA]: '2' }))?.details).toBe(SLICES_WITH_SERIALIZER);
      expect(await call({ [SERIALIZER_METADATA]: 'ts-proto' })).toBeNull();
      const stream = await new Promise<ServiceError>((resolve) => {
        const m = new Metadata();
        m.set(SERIALIZER_METADATA, 'protobuf-es');
        const s = client.StreamRows({ count: 3 }, m);
        s.on('data', () => undefined);
        s.on('error', resolve);
      });
      expect([stream.code, stream.details]).toEqual([GrpcStatus.INVALID_ARGUMENT, STREAM_SERIALIZER]);
    } finally {
      client.close();
    }
  });
});

describe('npm run bench --variants grpc,grpc-es', () => {
  it('writes both rows to the CSV, verified', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-bench-serializers-'));
    try {
      const bench = new AppProcess(process.execPath, [appEntry('bench-cli', 'main.js', ROOT), '--variants', 'grpc,grpc-es', '--shapes', 'numeric', '--rows', '1000', '--runs', '1', '--warmup', '0', '--out', out], await portsEnv());
      const { code } = await bench.exited;
      expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [dir] = readdirSync(out);
      const summary: Record<string, string>[] = parse(readFileSync(join(out, dir, 'summary.csv'), 'utf8'), { columns: true });
      expect(summary.map((r) => [r.variant, r.shape, r.verified])).toEqual([
        ['grpc', 'numeric', 'true'],
        ['grpc-es', 'numeric', 'true'],
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
