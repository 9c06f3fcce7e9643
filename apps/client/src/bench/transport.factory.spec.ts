import type { HttpService } from '@nestjs/axios';
import { GrpcStreamTransport, GrpcTransport } from '@app/bench';
import { loadConfig } from '@app/config';
import { TransportFactory } from './transport.factory';

// Building a transport opens nothing: grpc-js connects on the first call, so no server is needed here.
describe('TransportFactory', () => {
  const config = loadConfig({ GRPC_SERVER_ADDRESS: '127.0.0.1:1' });
  let factory: TransportFactory;
  beforeEach(() => (factory = new TransportFactory({} as HttpService, config)));
  afterEach(() => factory.onModuleDestroy());

  it('builds grpc-stream as a streaming GrpcStreamTransport on the gRPC server, once', () => {
    const transport = factory.forStreamingVariant('grpc-stream');
    expect(transport).toBeInstanceOf(GrpcStreamTransport);
    expect(transport).toMatchObject({ kind: 'grpc', streaming: true, target: { server: 'grpc-server', address: '127.0.0.1:1' } });
    expect(factory.forStreamingVariant('grpc-stream')).toBe(transport);
  });

  it('keeps the two contracts apart, saying which to ask for', () => {
    expect(factory.forVariant('grpc')).toBeInstanceOf(GrpcTransport);
    expect(() => factory.forVariant('grpc-stream')).toThrow('variant grpc-stream streams its rows: ask forStreamingVariant');
    expect(() => factory.forStreamingVariant('grpc')).toThrow('variant grpc does not stream its rows: ask forVariant');
    expect(() => factory.create('grpc-stream', '127.0.0.1', 2)).toThrow(/does not cover streams/);
  });
});
