import type { HttpService } from '@nestjs/axios';
import { type ConnectVariantName, isStreamingTransport, serializerRefusal, VARIANT_NAMES, VARIANTS } from '@app/bench';
import { ConnectStreamTransport, ConnectTransport, GrpcStreamTransport, GrpcTransport } from '@app/transports';
import { loadConfig } from '@app/config';
import { appAddresses, BENCH_APPS } from '@app/bootstrap';
import { shapeNames } from '@app/shapes';
import { TransportFactory } from './transport.factory';

// Building a transport opens nothing: grpc-js connects on the first call, so no server is needed here.
describe('TransportFactory', () => {
  const config = loadConfig({ GRPC_SERVER_ADDRESS: '127.0.0.1:1' });
  let factory: TransportFactory;
  beforeEach(() => (factory = new TransportFactory({} as HttpService, config)));
  afterEach(() => factory.onModuleDestroy());

  it('builds grpc-stream as a streaming GrpcStreamTransport on the gRPC server, once', () => {
    const transport = factory.forVariant('grpc-stream');
    expect(transport).toBeInstanceOf(GrpcStreamTransport);
    expect(isStreamingTransport(transport)).toBe(true);
    expect(transport).toMatchObject({
      kind: 'grpc',
      streaming: true,
      target: { server: 'grpc-server', address: '127.0.0.1:1' },
    });
    expect(factory.forVariant('grpc-stream')).toBe(transport);
  });

  it('builds every variant, streaming ones as streams, the relay twin of each the same kind', async () => {
    for (const variant of VARIANT_NAMES) {
      const transport = factory.forVariant(variant);
      expect([variant, isStreamingTransport(transport)]).toEqual([variant, VARIANTS[variant].streaming === true]);
      const twin = factory.create(variant, '127.0.0.1', 2);
      expect([variant, isStreamingTransport(twin.transport)]).toEqual([variant, VARIANTS[variant].streaming === true]);
      await twin.close();
    }
    expect(factory.forVariant('grpc')).toBeInstanceOf(GrpcTransport);
  });

  it('builds one transport per variant and shape, each fetching its shape in the form it decodes to', async () => {
    for (const variant of VARIANT_NAMES) {
      const row = factory.forVariant(variant);
      expect(factory.forVariant(variant, 'row')).toBe(row);
      const protobuf = VARIANTS[variant].family === 'grpc' || variant.startsWith('proto-http');
      // A gRPC serializer variant hands over its codec's decoded reply, which the codec converts (rowForm serializer);
      // a connect one its protobuf-es message, likewise.
      const form =
        VARIANTS[variant].family === 'connect'
          ? 'serializer'
          : protobuf
            ? VARIANTS[variant].serializer
              ? 'serializer'
              : 'protobuf'
            : 'json';
      // The connect family has generated code for proto/'s shapes only, and pbf cannot carry every built-in one:
      // checkVariantShape refuses those pairs before a transport is asked for.
      for (const shape of shapeNames().filter((s) => serializerRefusal(variant, s) === null)) {
        const transport = factory.forVariant(variant, shape);
        expect([variant, transport.shape, transport.rowForm]).toEqual([variant, shape, form]);
        if (shape !== 'row') expect(transport).not.toBe(row);
        const twin = factory.create(variant, '127.0.0.1', 2, shape);
        expect([variant, twin.transport.shape]).toEqual([variant, shape]);
        await twin.close();
      }
    }
  });
});

describe('TransportFactory for the connect family', () => {
  const config = loadConfig({
    JSON_SERVER_URL: 'http://127.0.0.1:11',
    FASTIFY_JSON_SERVER_URL: 'http://127.0.0.1:12',
    H2_JSON_SERVER_URL: 'http://127.0.0.1:13',
    BARE_CONNECT_SERVER_URL: 'http://127.0.0.1:14',
  });
  let factory: TransportFactory;
  beforeEach(() => (factory = new TransportFactory({} as HttpService, config)));
  afterEach(() => factory.onModuleDestroy());

  it(
    'dials the app each variant names: Express, Fastify, the h2c app or the bare Connect server; all are ' +
      'bench apps',
    () => {
      const expected: Record<ConnectVariantName, string> = {
        'connect-proto': 'http://127.0.0.1:11',
        'connect-json': 'http://127.0.0.1:11',
        'connect-fastify': 'http://127.0.0.1:12',
        'connect-h2': 'http://127.0.0.1:13',
        'connect-grpc': 'http://127.0.0.1:13',
        'grpc-web': 'http://127.0.0.1:11',
        'connect-bare': 'http://127.0.0.1:14',
        'connect-stream': 'http://127.0.0.1:11',
      };
      const benchAddresses = BENCH_APPS.map((app) => appAddresses(config)[app]).map(
        ({ host, port }) => `http://${host}:${port}`,
      );
      for (const [variant, address] of Object.entries(expected) as [ConnectVariantName, string][]) {
        expect([variant, factory.serverAddress(variant)]).toEqual([variant, address]);
        // npm run bench, start:all and the tests' stack start these apps: no connect variant needs another.
        expect(benchAddresses).toContain(address);
        const transport = factory.forVariant(variant);
        expect(transport).toBeInstanceOf(VARIANTS[variant].streaming ? ConnectStreamTransport : ConnectTransport);
        expect(transport).toMatchObject({
          kind: 'connect',
          target: { server: variant === 'connect-bare' ? 'bare-connect-server' : 'json-server', address },
        });
      }
    },
  );

  it('leases the h2c variants a connection per measurement, as gRPC channels; shares the HTTP/1.1 ones', async () => {
    const a = factory.lease('connect-h2');
    const b = factory.lease('connect-grpc');
    const c = factory.lease('connect-h2');
    expect(c.transport).not.toBe(a.transport);
    expect(b.transport).not.toBe(a.transport);
    await Promise.all([a.release(true), b.release(false), c.release(false)]);
    expect(factory.lease('connect-h2').transport).toBe(a.transport);
    expect(factory.lease('connect-proto').transport).toBe(factory.lease('connect-proto').transport);
  });

  it('caps the HTTP/1.1 variants at the socket budget; the h2c ones need one connection', () => {
    expect(factory.socketCap('connect-proto')).toBe(config.clientBudget.maxSockets);
    expect(factory.socketCap('grpc-web')).toBe(config.clientBudget.maxSockets);
    expect(factory.socketCap('connect-h2')).toBeNull();
    expect(factory.socketCap('connect-grpc')).toBeNull();
  });
});

describe('TransportFactory.lease', () => {
  const config = loadConfig({ GRPC_SERVER_ADDRESS: '127.0.0.1:1' });
  let factory: TransportFactory;
  beforeEach(() => (factory = new TransportFactory({} as HttpService, config)));
  afterEach(() => factory.onModuleDestroy());

  it('gives concurrent gRPC measurements channels of their own, and a well-ended one to the next', async () => {
    const a = factory.lease('grpc');
    const b = factory.lease('grpc');
    expect(a.transport).not.toBe(b.transport);
    await a.release(true);
    const c = factory.lease('grpc');
    expect(c.transport).toBe(a.transport);
    // A failed or cancelled measurement's channel is closed, not handed on.
    await b.release(false);
    await c.release(true);
    const d = factory.lease('grpc');
    const e = factory.lease('grpc');
    expect([d.transport, e.transport]).toContain(a.transport);
    expect([d.transport, e.transport]).not.toContain(b.transport);
  });

  it('keeps idle gRPC channels apart by shape', async () => {
    const row = factory.lease('grpc');
    await row.release(true);
    const numeric = factory.lease('grpc', 'numeric');
    expect(numeric.transport).not.toBe(row.transport);
    expect(numeric.transport.shape).toBe('numeric');
    await numeric.release(true);
    expect(factory.lease('grpc', 'row').transport).toBe(row.transport);
  });

  it('shares the HTTP transports, whose requests each have a socket of their own', () => {
    expect(factory.lease('json').transport).toBe(factory.lease('json').transport);
  });
});
