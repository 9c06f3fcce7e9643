import type { HttpService } from '@nestjs/axios';
import { GrpcStreamTransport, GrpcTransport, isStreamingTransport, VARIANT_NAMES, VARIANTS } from '@app/bench';
import { loadConfig } from '@app/config';
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
    expect(transport).toMatchObject({ kind: 'grpc', streaming: true, target: { server: 'grpc-server', address: '127.0.0.1:1' } });
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
      // A gRPC serializer variant hands over its codec's decoded reply, which the codec converts (rowForm serializer).
      const form = protobuf ? (VARIANTS[variant].serializer ? 'serializer' : 'protobuf') : 'json';
      for (const shape of shapeNames()) {
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
