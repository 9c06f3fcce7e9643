// The gRPC transports' phase breakdown against real servers: the built Nest and bare gRPC servers put a
// server-timing trailer on every GetSamples reply, the transports stamp headers, last byte and decode per call,
// and a server that omits or garbles the trailer still gives verified rows, with a note instead of server phases.
import * as grpc from '@grpc/grpc-js';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadSync } from '@grpc/proto-loader';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { checksum, iterateRows, type Row, rows } from '@app/data-generator';
import { ClientPhases, FetchedRows, RowsTransport } from '@app/bench';
import { GrpcBareTransport, grpcPhaseInterceptor, GrpcTransport, withPayloadByteCounts } from '@app/transports';
import {
  LOADER_OPTIONS,
  loadSamplePackageDefinition,
  resolveProtoPath,
  SAMPLE_SERVICE,
  sampleGrpcOptions,
  SampleServiceClient,
  SLICE_ROWS_METADATA,
} from '@app/grpc';
import { SERVER_TIMING } from '@app/server-timing';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const MAX_ROWS = 20_000;
const MAX_MESSAGE = 64 * 1024 * 1024;
const TIMEOUT_MS = 20_000;

/** A GrpcTransport built as TransportFactory builds it (Nest ClientGrpc, measured deserializers, phase interceptor). */
function nestTransport(address: string, sliceRows?: number): { transport: GrpcTransport; close(): void } {
  const client = ClientProxyFactory.create(
    sampleGrpcOptions({
      url: address,
      maxMessageBytes: MAX_MESSAGE,
      packageDefinition: withPayloadByteCounts(loadSamplePackageDefinition()),
      interceptors: [grpcPhaseInterceptor],
    }),
  ) as unknown as ClientGrpcProxy;
  const transport = new GrpcTransport(
    client.getService<SampleServiceClient>(SAMPLE_SERVICE),
    address,
    TIMEOUT_MS,
    sliceRows === undefined ? {} : { sliceRows },
  );
  return { transport, close: () => client.close() };
}

function expectServerPhases(phases: ClientPhases | undefined): void {
  expect(phases).toBeDefined();
  const p = phases!;
  expect(p.notes).toEqual([]);
  for (const key of ['generateMs', 'serializeMs', 'sendMs'] as const) expect(p.server[key]).toBeGreaterThanOrEqual(0);
  expect(p.server.compressMs).toBeUndefined();
  expect(p.ttfbMs).toBeGreaterThanOrEqual(0);
  expect(p.ttlbMs).toBeGreaterThanOrEqual(p.ttfbMs!);
  expect(p.decodeMs).toBeGreaterThan(0);
  expect(p.decompressMs).toBeNull();
}

function expectRows(fetched: FetchedRows, count: number): void {
  expect(checksum(fetched.rows as Row[])).toEqual(checksum(iterateRows(count)));
}

describe('gRPC phases against the built servers', () => {
  let nest: AppProcess;
  let bare: AppProcess;
  const transports: { name: string; transport: RowsTransport; close(): void }[] = [];

  beforeAll(async () => {
    const env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()), MAX_ROWS: String(MAX_ROWS) });
    nest = AppProcess.start('grpc-server', env);
    bare = AppProcess.start('bare-grpc-server', env);
    await Promise.all([nest.waitFor(LISTENING), bare.waitFor(LISTENING)]);
    for (const [server, address] of [
      ['grpc-server', `127.0.0.1:${env.GRPC_SERVER_PORT}`],
      ['bare-grpc-server', `127.0.0.1:${env.BARE_GRPC_SERVER_PORT}`],
    ]) {
      const viaNest = nestTransport(address);
      transports.push({ name: `GrpcTransport -> ${server}`, ...viaNest });
      const viaBare = new GrpcBareTransport(address, TIMEOUT_MS, { maxMessageBytes: MAX_MESSAGE });
      transports.push({ name: `GrpcBareTransport -> ${server}`, transport: viaBare, close: () => viaBare.close() });
    }
  });

  afterAll(async () => {
    for (const t of transports) t.close();
    await Promise.all([nest?.stop(), bare?.stop()]);
  });

  it(
    'every transport and server: verified rows, server generate/serialize/send, 0 <= ttfb <= ttlb, ' + 'decode',
    async () => {
      for (const { name, transport } of transports) {
        for (const count of [0, 1, 10_000]) {
          const fetched = await transport.fetchRows(count);
          expectRows(fetched, count);
          try {
            expectServerPhases(fetched.phases);
          } catch (error) {
            throw new Error(`${name}, ${count} rows: ${(error as Error).message}\n${JSON.stringify(fetched.phases)}`, {
              cause: error,
            });
          }
        }
      }
    },
  );

  it("keeps each call's phases its own under 1,000 parallel calls", async () => {
    for (const { transport } of transports.slice(0, 2)) {
      const calls = Array.from({ length: 1000 }, async (_, i) => {
        const started = performance.now();
        const fetched = await transport.fetchRows(i % 7);
        return { fetched, elapsed: performance.now() - started, count: i % 7 };
      });
      for (const { fetched, elapsed, count } of await Promise.all(calls)) {
        expect(fetched.rows).toHaveLength(count);
        expectServerPhases(fetched.phases);
        // A clock shared with another call would show a span that this call's own wall time cannot hold.
        expect(fetched.phases!.ttlbMs!).toBeLessThanOrEqual(elapsed);
      }
    }
  });

  it('grpc-sliced: the same rows and payload bytes as one-shot encoding, from both servers', async () => {
    for (const { transport } of transports.filter((t) => t.name.startsWith('GrpcTransport'))) {
      const address = transport.target.address;
      const sliced = nestTransport(address, 7);
      try {
        for (const count of [0, 6, 7, 8, 10_000]) {
          const [a, b] = [await transport.fetchRows(count), await sliced.transport.fetchRows(count)];
          expectRows(b, count);
          expect(b.payloadBytes).toBe(a.payloadBytes);
          expectServerPhases(b.phases);
        }
      } finally {
        sliced.close();
      }
    }
  });

  describe('with a plain @grpc/grpc-js client', () => {
    const pkg = grpc.loadPackageDefinition(loadSync(resolveProtoPath(), LOADER_OPTIONS)) as any;

    function call(
      address: string,
      metadata: grpc.Metadata,
      count = 3,
    ): Promise<{ reply?: any; error?: grpc.ServiceError; trailers?: grpc.Metadata }> {
      const client = new pkg.sample.SampleService(address, grpc.credentials.createInsecure());
      return new Promise((resolve) => {
        let trailers: grpc.Metadata | undefined;
        const c = client.GetSamples(
          { count },
          metadata,
          { deadline: Date.now() + 10_000 },
          (error: grpc.ServiceError | null, reply: any) => {
            // The status (and its trailers) comes before the callback; give it a turn to be recorded.
            setImmediate(() => {
              client.close();
              resolve(error ? { error, trailers } : { reply, trailers });
            });
          },
        );
        c.on('status', (status: grpc.StatusObject) => (trailers = status.metadata));
      });
    }

    const addresses = () =>
      transports.filter((t) => t.name.startsWith('GrpcTransport')).map((t) => t.transport.target.address);

    it.each(['0', String(MAX_ROWS + 1), 'ten', '1.5', '-3'])(
      'a bad %s slice-rows value -> INVALID_ARGUMENT naming the limit, from both servers',
      async (value) => {
        for (const address of addresses()) {
          const metadata = new grpc.Metadata();
          metadata.set(SLICE_ROWS_METADATA, value);
          const { error } = await call(address, metadata);
          expect(error).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
          expect(error!.details).toBe(
            `${SLICE_ROWS_METADATA} must be an integer from 1 to ${MAX_ROWS} (MAX_ROWS), got ${JSON.stringify(value)}`,
          );
        }
      },
    );

    it('sees the server-timing trailer on GetSamples, none on errors or on health checks', async () => {
      for (const address of addresses()) {
        const ok = await call(address, new grpc.Metadata());
        expect(ok.reply).toEqual({ samples: rows(3) });
        expect(String(ok.trailers!.get(SERVER_TIMING)[0])).toMatch(
          /^generate;dur=[\d.]+, serialize;dur=[\d.]+, send;dur=[\d.]+$/,
        );
        const bad = await call(address, new grpc.Metadata(), MAX_ROWS + 1);
        expect(bad.error).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
        expect(bad.error!.metadata.get(SERVER_TIMING)).toEqual([]);
        const health = new (
          grpc.loadPackageDefinition(loadSync(healthProtoPath, LOADER_OPTIONS)) as any
        ).grpc.health.v1.Health(address, grpc.credentials.createInsecure());
        let answer: unknown;
        const status = await new Promise<grpc.StatusObject>((resolve) => {
          const c = health.Check(
            { service: 'sample.SampleService' },
            (e: Error | null, r: any) => (answer = e ?? r.status),
          );
          c.on('status', resolve);
        });
        health.close();
        expect(answer).toBe('SERVING');
        expect(status.metadata.get(SERVER_TIMING)).toEqual([]);
      }
    });

    it(
      'still answers server reflection (a bidi stream through the interceptor) without a server-timing ' + 'trailer',
      async () => {
        const reflectionProto = join(
          dirname(require.resolve('@grpc/reflection/package.json')),
          'build',
          'proto',
          'grpc',
          'reflection',
          'v1',
          'reflection.proto',
        );
        const reflection = (grpc.loadPackageDefinition(loadSync(reflectionProto, LOADER_OPTIONS)) as any).grpc
          .reflection.v1;
        for (const address of addresses()) {
          const client = new reflection.ServerReflection(address, grpc.credentials.createInsecure());
          const stream = client.ServerReflectionInfo();
          const replies: any[] = [];
          const status = await new Promise<grpc.StatusObject>((resolve) => {
            stream.on('data', (reply: any) => (replies.push(reply), stream.end()));
            stream.on('status', resolve);
            stream.write({ list_services: '*' }); // LOADER_OPTIONS keep the proto's snake_case
          });
          client.close();
          expect(status.code).toBe(grpc.status.OK);
          expect(replies[0].list_services_response.service.map((s: any) => s.name)).toEqual(
            expect.arrayContaining(['sample.SampleService', 'grpc.health.v1.Health']),
          );
          expect(status.metadata.get(SERVER_TIMING)).toEqual([]);
        }
      },
    );
  });
});

describe('gRPC phases from a server that sends no readable server-timing', () => {
  const pkg = grpc.loadPackageDefinition(loadSamplePackageDefinition()) as any;
  let server: grpc.Server;
  let address: string;
  let trailer: string | null = null;

  beforeAll(async () => {
    server = new grpc.Server();
    server.addService(pkg.sample.SampleService.service, {
      GetSamples: (call: grpc.ServerUnaryCall<{ count: number }, unknown>, callback: grpc.sendUnaryData<unknown>) => {
        const metadata = new grpc.Metadata();
        if (trailer !== null) metadata.set(SERVER_TIMING, trailer);
        callback(null, { samples: rows(call.request.count) }, metadata);
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    address = `127.0.0.1:${port}`;
  });
  afterAll(() => server?.forceShutdown());

  it.each([
    [null, /^server sent no server-timing$/],
    ['generate;dur=abc, @@', /^unreadable server-timing entries: "generate;dur=abc", "@@"$/],
    ['db;dur=3', /holds none of generate, serialize, compress, send/],
  ])('trailer %p: verified rows, client phases, no server phases and a note', async (value, note) => {
    trailer = value;
    const nestSide = nestTransport(address);
    const bareSide = new GrpcBareTransport(address, TIMEOUT_MS, { maxMessageBytes: MAX_MESSAGE });
    try {
      for (const transport of [nestSide.transport, bareSide]) {
        const fetched = await transport.fetchRows(100);
        expectRows(fetched, 100);
        const phases = fetched.phases!;
        expect(phases.server).toEqual({});
        expect(phases.notes).toHaveLength(1);
        expect(phases.notes[0]).toMatch(note);
        expect(phases.ttfbMs).toBeGreaterThanOrEqual(0);
        expect(phases.ttlbMs).toBeGreaterThanOrEqual(phases.ttfbMs!);
        expect(phases.decodeMs).toBeGreaterThan(0);
      }
    } finally {
      nestSide.close();
      bareSide.close();
    }
  });
});
