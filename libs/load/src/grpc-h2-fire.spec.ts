// The HTTP/2 gRPC generator against a real grpc-js server on a free port, serving the project proto.
import { createServer as createTcpServer, Server as TcpServer, Socket } from 'node:net';
import { sendUnaryData, Server, ServerCredentials, ServerUnaryCall, ServiceDefinition, status } from '@grpc/grpc-js';
import { rows } from '@app/data-generator';
import { loadSamplePackageDefinition, SAMPLE_PACKAGE, SAMPLE_SERVICE } from '@app/grpc';
import { getShape, SHAPES } from '@app/shapes';
import { clientPackageDefinition } from '@app/transports';
import { errorKind } from './error-kind';
import { grpcH2Fire } from './grpc-h2-fire';
import type { LoadLevelSpec } from './load-level.interface';

type Handler = (call: ServerUnaryCall<{ count: number }, unknown>, callback: sendUnaryData<unknown>) => void;

/** A grpc-js server whose GetSamples is `handler`; resolves with its address. */
async function serve(handler: Handler): Promise<{ address: string; server: Server }> {
  const server = new Server();
  server.addService(loadSamplePackageDefinition()[`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`] as ServiceDefinition, {
    GetSamples: handler,
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return { address: `127.0.0.1:${port}`, server };
}

function spec(address: string, over: Partial<LoadLevelSpec> = {}): LoadLevelSpec {
  return {
    transport: 'grpc',
    targetKind: 'bare',
    target: { server: 'grpc-server', address },
    rows: 3,
    concurrency: 4,
    connections: 2,
    durationMs: 1000,
    warmupMs: 0,
    timeoutMs: 2000,
    grpcMaxMessageBytes: 4 * 1024 * 1024,
    ...over,
  };
}

/** How each call of `fire` ended: its payload bytes or its error kind. */
async function outcomes(
  s: LoadLevelSpec,
  calls: number[],
): Promise<{ results: (number | string)[]; verified: boolean }> {
  const g = grpcH2Fire(s);
  try {
    const results = await Promise.all(calls.map((caller) => g.fire(caller).catch((e) => errorKind(e))));
    return { results, verified: g.verified() };
  } finally {
    g.close();
  }
}

describe('grpcH2Fire', () => {
  const servers: Server[] = [];
  afterAll(() => servers.forEach((s) => s.forceShutdown()));
  const start = async (handler: Handler) => {
    const s = await serve(handler);
    servers.push(s.server);
    return s.address;
  };

  it('verifies good rows on every caller and session, and reports the message size', async () => {
    const address = await start((call, cb) => cb(null, { samples: rows(call.request.count) }));
    // Each caller twice: the first reply is decoded, the second compared byte for byte with it.
    const { results, verified } = await outcomes(spec(address), [0, 1, 2, 3, 0, 1, 2, 3]);
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBeGreaterThan(3 * 10);
    expect(verified).toBe(true);
  });

  it('moves replies far beyond one flow-control window, several at once on one connection', async () => {
    const server = new Server({ 'grpc.max_send_message_length': 64 * 1024 * 1024 });
    server.addService(loadSamplePackageDefinition()[`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`] as ServiceDefinition, {
      GetSamples: (call: any, cb: any) => cb(null, { samples: rows(call.request.count) }),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
    );
    servers.push(server);
    // ~3 MB per reply, several in flight on one connection: far past HTTP/2's 64 KiB initial windows.
    const { results, verified } = await outcomes(
      spec(`127.0.0.1:${port}`, {
        rows: 20_000,
        connections: 1,
        grpcMaxMessageBytes: 64 * 1024 * 1024,
        timeoutMs: 20_000,
      }),
      [0, 1, 2, 3],
    );
    expect(new Set(results).size).toBe(1);
    expect(results[0]).toBeGreaterThan(2_000_000);
    expect(verified).toBe(true);
  }, 60_000);

  it('counts wrong rows as a mismatch, on the first reply and on a later one that differs', async () => {
    const wrongCount = await start((_call, cb) => cb(null, { samples: rows(2) }));
    expect(await outcomes(spec(wrongCount), [0])).toEqual({ results: ['mismatch'], verified: false });
    const wrongRow = await start((call, cb) =>
      cb(null, { samples: rows(call.request.count).map((r) => ({ ...r, columnA: 'x' })) }),
    );
    expect((await outcomes(spec(wrongRow), [0])).results).toEqual(['mismatch']);
    let n = 0;
    const laterDiffers = await start((call, cb) => cb(null, { samples: rows(call.request.count, n++ === 0 ? 0 : 1) }));
    const g = grpcH2Fire(spec(laterDiffers));
    try {
      await expect(g.fire(0)).resolves.toBeGreaterThan(0);
      await expect(g.fire(0).catch(errorKind)).resolves.toBe('mismatch');
      expect(g.verified()).toBe(false);
    } finally {
      g.close();
    }
  });

  it('names an error status by its grpc-js name, with or without a message', async () => {
    const invalid = await start((_call, cb) => cb({ code: status.INVALID_ARGUMENT, details: 'no' }));
    expect((await outcomes(spec(invalid), [0, 1])).results).toEqual(['INVALID_ARGUMENT', 'INVALID_ARGUMENT']);
    const unavailable = await start((_call, cb) => cb({ code: status.UNAVAILABLE }));
    expect((await outcomes(spec(unavailable), [0])).results).toEqual(['UNAVAILABLE']);
  });

  it('enforces the maximum message size', async () => {
    const address = await start((call, cb) => cb(null, { samples: rows(call.request.count) }));
    expect((await outcomes(spec(address, { rows: 100, grpcMaxMessageBytes: 1000 }), [0])).results).toEqual([
      'RESOURCE_EXHAUSTED',
    ]);
  });

  it(
    'fails quickly with a connection kind when nothing listens, and opens a session again on the next ' + 'call',
    async () => {
      const tcp = createTcpServer();
      const port = await new Promise<number>((r) =>
        tcp.listen(0, '127.0.0.1', () => r((tcp.address() as { port: number }).port)),
      );
      await new Promise((r) => tcp.close(r));
      const g = grpcH2Fire(spec(`127.0.0.1:${port}`));
      try {
        const started = Date.now();
        const kinds = await Promise.all([0, 1, 2].map((c) => g.fire(c).catch(errorKind)));
        expect(Date.now() - started).toBeLessThan(1000);
        for (const k of kinds) expect(['ECONNREFUSED', 'UNAVAILABLE']).toContain(k);
        expect(await g.fire(0).catch(errorKind)).toMatch(/^(ECONNREFUSED|UNAVAILABLE)$/);
      } finally {
        g.close();
      }
    },
  );

  it('ends a call whose reply never comes with DEADLINE_EXCEEDED, within the timeout and a sweep', async () => {
    // Accepts the connection and never speaks HTTP/2: neither a grpc-timeout nor the server can end the call.
    const sockets: Socket[] = [];
    const mute: TcpServer = createTcpServer((s) => sockets.push(s));
    const port = await new Promise<number>((r) =>
      mute.listen(0, '127.0.0.1', () => r((mute.address() as { port: number }).port)),
    );
    try {
      const started = Date.now();
      expect((await outcomes(spec(`127.0.0.1:${port}`, { timeoutMs: 200 }), [0, 1])).results).toEqual([
        'DEADLINE_EXCEEDED',
        'DEADLINE_EXCEEDED',
      ]);
      expect(Date.now() - started).toBeLessThan(200 + 500);
    } finally {
      sockets.forEach((s) => s.destroy());
      mute.close();
    }
  });

  it('survives a server that goes away between calls', async () => {
    const s = await serve((call, cb) => cb(null, { samples: rows(call.request.count) }));
    const g = grpcH2Fire(spec(s.address, { connections: 1 }));
    try {
      await expect(g.fire(0)).resolves.toBeGreaterThan(0);
      s.server.forceShutdown();
      await new Promise((r) => setTimeout(r, 50));
      expect(await g.fire(0).catch(errorKind)).toMatch(/^(ECONNREFUSED|ECONNRESET|UNAVAILABLE)$/);
    } finally {
      g.close();
    }
  });

  describe('per shape', () => {
    /** A grpc-js server of the shape's own service (as the registry names it) whose GetRows answers `reply(count)`. */
    async function serveShape(shape: 'numeric' | 'nested', reply: (count: number) => object[]): Promise<string> {
      const s = getShape(shape);
      const server = new Server();
      server.addService(clientPackageDefinition()[s.grpcService] as ServiceDefinition, {
        [s.unaryMethod]: (call: ServerUnaryCall<{ count: number }, unknown>, cb: sendUnaryData<unknown>) =>
          cb(null, { [s.rowsField]: reply(call.request.count) }),
      });
      const port = await new Promise<number>((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
      );
      servers.push(server);
      return `127.0.0.1:${port}`;
    }

    it.each(['numeric', 'nested'] as const)(
      "calls %s's service and verifies its rows by count and the shape's checksum",
      async (shape) => {
        const address = await serveShape(shape, (count) => SHAPES[shape].rows(count));
        const { results, verified } = await outcomes(spec(address, { shape, rows: 5 }), [0, 1, 0, 1]);
        expect(new Set(results).size).toBe(1);
        expect(verified).toBe(true);
      },
    );

    it(
      'counts rows of the shape that are not the expected ones as a mismatch, and a row level cannot reach ' +
        "another shape's service",
      async () => {
        const shifted = await serveShape('numeric', (count) => SHAPES.numeric.rows(count, 1));
        expect(await outcomes(spec(shifted, { shape: 'numeric' }), [0])).toEqual({
          results: ['mismatch'],
          verified: false,
        });
        const tooFew = await serveShape('numeric', (count) => SHAPES.numeric.rows(count - 1));
        expect(await outcomes(spec(tooFew, { shape: 'numeric' }), [0])).toEqual({
          results: ['mismatch'],
          verified: false,
        });
        // The row's sample.SampleService/GetSamples is not served there.
        expect((await outcomes(spec(shifted), [0])).results).toEqual(['UNIMPLEMENTED']);
      },
    );
  });
});
