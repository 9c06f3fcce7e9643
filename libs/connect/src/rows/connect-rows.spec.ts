import { createServer, type Http2Server, type ServerHttp2Session } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { Code, ConnectError, createClient, createHandlerContext } from '@connectrpc/connect';
import { connectNodeAdapter, createConnectTransport, createGrpcTransport } from '@connectrpc/connect-node';
import type { DescService } from '@bufbuild/protobuf';
import { InflightBudget, jsonReplyBytes } from '@app/serving';
import { parseServerTiming } from '@app/server-timing';
import { unaryReplyBytes } from '@app/grpc';
import { getProtobufCodec, SampleService } from '@app/codecs';
import { jsonRowsOf, servedShapes, shapeChecksum, type Shape } from '@app/shapes';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';
import { ConnectRows } from './connect-rows';
import { rowsRoutes } from './rows-routes';
import { rowsServices } from './rows-services';

const LIMITS = { maxRows: 500, maxStreamRows: 2000, bufferBytes: 8 * 1024 * 1024 };
const codec = getProtobufCodec('protobuf-es');
// Clients typed loosely: the test walks every shape's service, whose messages differ.
type RowsClient = Record<string, (request: object) => unknown>;

async function serve(rows: ConnectRows): Promise<{ server: Http2Server; baseUrl: string }> {
  const server = createServer(connectNodeAdapter({ ...CONNECT_SERVER_OPTIONS, routes: rowsRoutes(rows) }));
  // The clients keep their sessions open; closing the server ends them. One close listener for all of them: one per
  // session passed Node's bound of 10 listeners (a MaxListenersExceededWarning in every unit run).
  const sessions = new Set<ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  server.once('close', () => sessions.forEach((session) => session.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closeServer(server: Http2Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.emit('close');
  return closed;
}
const methodOf = (service: DescService, name: string) => service.methods.find((m) => m.name === name)!.localName;

describe('ConnectRows over gRPC (h2c, connect-node adapter and client)', () => {
  const budget = new InflightBudget(64 * 1024 * 1024);
  let server: Http2Server;
  let baseUrl: string;

  beforeAll(async () => ({ server, baseUrl } = await serve(new ConnectRows(LIMITS, budget))));
  afterAll(() => closeServer(server));

  const clientFor = (service: DescService) =>
    createClient(service, createGrpcTransport({ baseUrl })) as unknown as RowsClient;
  const SHAPES = servedShapes().map((shape) => [shape.name, shape] as [string, Shape]);

  it('serves a service for every built-in shape', () => {
    expect(rowsServices().map((s) => s.typeName)).toEqual(servedShapes().map((s) => s.grpcService));
  });

  it.each(SHAPES)(
    "%s: the unary method gives the generator's rows (count and checksum of their JSON form)",
    async (_name, shape) => {
      const service = rowsServices().find((s) => s.typeName === shape.grpcService)!;
      const reply = await clientFor(service)[methodOf(service, shape.unaryMethod)]({ count: 300 });
      expect(shapeChecksum(shape, codec.forShape(shape).toJsonRows(reply))).toEqual(
        shapeChecksum(shape, jsonRowsOf(shape, 300)),
      );
    },
  );

  it.each(SHAPES)('%s: the stream gives rows offset.. in messages of chunk rows', async (_name, shape) => {
    const service = rowsServices().find((s) => s.typeName === shape.grpcService)!;
    const messages: unknown[] = [];
    for await (const message of clientFor(service)[methodOf(service, shape.streamMethod)]({
      count: 25,
      offset: 7,
      chunkRows: 10,
    }) as AsyncIterable<unknown>)
      messages.push(message);
    expect(messages.map((m) => codec.forShape(shape).rowCount(m))).toEqual([10, 10, 5]);
    expect(messages.flatMap((m) => codec.forShape(shape).toJsonRows(m))).toEqual(jsonRowsOf(shape, 25, 7));
  });

  it(
    "puts the generate and serialize times in a reply's server-timing trailer; a stream's generate time, " + 'summed',
    async () => {
      const client = createClient(SampleService, createGrpcTransport({ baseUrl }));
      const trailers: string[] = [];
      await client.getSamples({ count: 200 }, { onTrailer: (t) => trailers.push(t.get('server-timing') ?? '') });
      for await (const _ of client.streamSamples(
        { count: 30, chunkRows: 10 },
        { onTrailer: (t) => trailers.push(t.get('server-timing') ?? '') },
      ))
        void _;
      expect(trailers).toEqual([
        expect.stringMatching(/^generate;dur=[\d.]+, serialize;dur=[\d.]+$/),
        expect.stringMatching(/^generate;dur=[\d.]+$/),
      ]);
      expect(parseServerTiming(trailers[0])).toEqual({
        phases: { generateMs: expect.any(Number), serializeMs: expect.any(Number) },
      });
      expect(parseServerTiming(trailers[1])).toEqual({ phases: { generateMs: expect.any(Number) } });
    },
  );

  it('gives every reservation back once the calls are over', async () => {
    const client = createClient(SampleService, createGrpcTransport({ baseUrl }));
    await client.getSamples({ count: 100 });
    for await (const _ of client.streamSamples({ count: 30, chunkRows: 10 })) void _;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(budget.inUseBytes).toBe(0);
  });

  it.each([
    ['count above MAX_ROWS', { count: 501 }, 'count must be an integer from 0 to 500 (MAX_ROWS), got 501'],
    ['a negative count', { count: -1 }, 'count must be an integer from 0 to 500 (MAX_ROWS), got -1'],
  ])('GetSamples with %s: invalid_argument naming the limit', async (_what, request, message) => {
    const client = createClient(SampleService, createGrpcTransport({ baseUrl }));
    await expect(client.getSamples(request)).rejects.toMatchObject({ code: Code.InvalidArgument, rawMessage: message });
  });

  it.each([
    [
      '2^32 + 5 (protobuf-es alone would read 5)',
      2n ** 32n + 5n,
      'count must be an integer from 0 to 500 (MAX_ROWS), got 4294967301',
    ],
    ['2^63 - 1', 2n ** 63n - 1n, /^count must be an integer from 0 to 500 \(MAX_ROWS\), got 92233720368547/],
  ])(
    'GetSamples with a count varint outside int32, %s: invalid_argument, not a truncated count',
    async (_what, count, message) => {
      // The served descriptor reads int32 fields as int64 (same varint): a client of it can send what no int32 client
      // can.
      const client = createClient(rowsServices()[0], createGrpcTransport({ baseUrl })) as unknown as Record<
        string,
        (r: object) => Promise<unknown>
      >;
      const error = await client.getSamples({ count }).then(
        () => null,
        (e: unknown) => ConnectError.from(e),
      );
      expect(error?.code).toBe(Code.InvalidArgument);
      expect(error?.rawMessage).toMatch(message);
    },
  );

  it('a StreamSamples offset outside int32 is refused, naming offset', async () => {
    const client = createClient(rowsServices()[0], createGrpcTransport({ baseUrl })) as unknown as Record<
      string,
      (r: object) => AsyncIterable<unknown>
    >;
    const read = async () => {
      for await (const _ of client.streamSamples({ count: 1n, offset: 2n ** 32n, chunkRows: 1n })) void _;
    };
    const error = await read().then(
      () => null,
      (e: unknown) => ConnectError.from(e),
    );
    expect(error?.code).toBe(Code.InvalidArgument);
    expect(error?.rawMessage).toMatch(/^offset must be an integer from 0/);
  });

  it.each([
    [
      'count above MAX_STREAM_ROWS',
      { count: 2001, chunkRows: 10 },
      /count must be an integer from 0 to 2000 \(MAX_STREAM_ROWS\), got 2001/,
    ],
    [
      'chunk rows above MAX_ROWS',
      { count: 10, chunkRows: 501 },
      /chunk_rows must be an integer from 1 to 500 \(MAX_ROWS\), got 501/,
    ],
    ['no chunk rows', { count: 10 }, /chunk_rows must be an integer from 1 to 500 \(MAX_ROWS\), got 0/],
  ])('StreamSamples with %s: invalid_argument naming the limit', async (_what, request, message) => {
    const client = createClient(SampleService, createGrpcTransport({ baseUrl }));
    const read = async () => {
      for await (const _ of client.streamSamples(request)) void _;
    };
    const error = await read().then(
      () => null,
      (e: unknown) => ConnectError.from(e),
    );
    expect(error?.code).toBe(Code.InvalidArgument);
    expect(error?.rawMessage).toMatch(message);
  });

  it(
    'adds no listener to the server per client session (11 of them warned MaxListenersExceeded in every unit ' + 'run)',
    () => {
      expect(server.listenerCount('close')).toBeLessThanOrEqual(1);
    },
  );
});

describe('ConnectRows reply admission (MAX_INFLIGHT_BYTES)', () => {
  it(
    'a reply past the budget is invalid_argument, one that waits for room resource_exhausted, both naming ' +
      'the setting',
    async () => {
      // Room for 400 rows' bound: 500 never fit, 300 fit unless something else holds the room.
      const budget = new InflightBudget(unaryReplyBytes(400));
      const { server, baseUrl } = await serve(new ConnectRows(LIMITS, budget));
      try {
        const client = createClient(SampleService, createGrpcTransport({ baseUrl }));
        await expect(client.getSamples({ count: 500 })).rejects.toMatchObject({
          code: Code.InvalidArgument,
          rawMessage: expect.stringContaining('MAX_INFLIGHT_BYTES'),
        });
        const held = budget.reserve(unaryReplyBytes(200));
        await expect(client.getSamples({ count: 300 })).rejects.toMatchObject({
          code: Code.ResourceExhausted,
          rawMessage: expect.stringContaining('server busy'),
        });
        if ('release' in held) held.release();
        expect((await client.getSamples({ count: 300 })).samples).toHaveLength(300);
      } finally {
        await closeServer(server);
      }
    },
  );
});

describe('ConnectRows reply admission by the representation sent', () => {
  it('a JSON reply reserves its JSON size, a protobuf reply (Connect binary, gRPC) its protobuf size', async () => {
    // Room for 300 rows in protobuf but not in JSON (JSON is the larger).
    const budget = new InflightBudget(unaryReplyBytes(300));
    expect(jsonReplyBytes(300)).toBeGreaterThan(unaryReplyBytes(300));
    const { server, baseUrl } = await serve(new ConnectRows(LIMITS, budget));
    try {
      const json = createClient(
        SampleService,
        createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: false }),
      );
      const mib = (b: number) => `${(b / 2 ** 20).toFixed(1)} MiB`;
      await expect(json.getSamples({ count: 300 })).rejects.toMatchObject({
        code: Code.InvalidArgument,
        rawMessage: expect.stringContaining(
          `may take up to ${mib(jsonReplyBytes(300))} (${jsonReplyBytes(300)} bytes)`,
        ),
      });
      const binary = createClient(
        SampleService,
        createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: true }),
      );
      expect((await binary.getSamples({ count: 300 })).samples).toHaveLength(300);
      expect(
        (await createClient(SampleService, createGrpcTransport({ baseUrl })).getSamples({ count: 300 })).samples,
      ).toHaveLength(300);
    } finally {
      await closeServer(server);
    }
  });
});

describe('ConnectRows: a large reply (over LARGE_REPLY_ROWS) built in pieces', () => {
  const LARGE = { ...LIMITS, maxRows: 1_000_000 };
  const row = servedShapes()[0];
  const context = (json: boolean, requestSignal?: AbortSignal) =>
    createHandlerContext({
      service: rowsServices()[0],
      method: rowsServices()[0].methods[0],
      protocolName: 'connect',
      requestMethod: 'POST',
      url: 'http://127.0.0.1/sample.SampleService/GetSamples',
      requestSignal,
      requestHeader: { 'content-type': json ? 'application/json' : 'application/proto' },
    });

  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['protobuf', false],
    ['JSON', true],
  ])(
    '%s: a caller who leaves mid-build stops it before the next piece; its reservation is given back',
    async (_format, json) => {
      const budget = new InflightBudget(1024 * 1024 * 1024);
      const caller = new AbortController();
      let pieces = 0;
      const rows = row.rows.bind(row);
      jest.spyOn(row, 'rows').mockImplementation((count, offset) => {
        if (++pieces === 3) caller.abort();
        return rows(count, offset);
      });
      const ctx = context(json, caller.signal);
      await expect(new ConnectRows(LARGE, budget).unary({ count: 200_000 }, ctx)).rejects.toMatchObject({
        code: Code.Canceled,
      });
      // The piece under way when the caller left is finished; no other is begun (200,000 rows are 100 pieces).
      expect(pieces).toBe(3);
      expect(budget.inUseBytes).toBe(0);
    },
  );

  it.each([
    [
      'Connect binary',
      (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: true }),
    ],
    [
      'Connect JSON',
      (baseUrl: string) => createConnectTransport({ baseUrl, httpVersion: '2', useBinaryFormat: false }),
    ],
    ['gRPC', (baseUrl: string) => createGrpcTransport({ baseUrl })],
  ])('%s: 12,345 rows (7 pieces) arrive whole, with both times in the trailer', async (_protocol, transport) => {
    const { server, baseUrl } = await serve(new ConnectRows(LARGE, new InflightBudget(1024 * 1024 * 1024)));
    try {
      let timing = '';
      const reply = await createClient(SampleService, transport(baseUrl)).getSamples(
        { count: 12_345 },
        { onTrailer: (t) => (timing = t.get('server-timing') ?? '') },
      );
      expect(shapeChecksum(row, codec.forShape(row).toJsonRows(reply))).toEqual(
        shapeChecksum(row, jsonRowsOf(row, 12_345)),
      );
      expect(parseServerTiming(timing)).toEqual({
        phases: { generateMs: expect.any(Number), serializeMs: expect.any(Number) },
      });
    } finally {
      await closeServer(server);
    }
  });
});
