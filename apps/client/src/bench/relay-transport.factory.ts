import { Inject, Injectable } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import { GrpcBareTransport, GrpcTransport, JsonHttpTransport, JsonUndiciTransport, RelayTransportFactory, RowsTransport, VariantName, withPayloadByteCounts } from '@app/bench';
import { loadSamplePackageDefinition, SAMPLE_SERVICE, sampleGrpcOptions, SampleServiceClient } from '@app/grpc';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/**
 * Transports like the measured ones (same variant, same client library) (same HttpService, a ClientGrpc from the same options factory) pointed at a
 * counting relay, for the separate wire-bytes pass.
 */
@Injectable()
export class RelayTransportFactoryService implements RelayTransportFactory {
  constructor(
    private readonly http: HttpService,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  create(variant: VariantName, host: string, port: number): { transport: RowsTransport; close(): Promise<void> } {
    const timeout = this.config.requestTimeoutMs;
    if (variant === 'json-undici') {
      const transport = new JsonUndiciTransport(`http://${host}:${port}`, timeout);
      return { transport, close: () => transport.close() };
    }
    if (variant === 'grpc-bare') {
      const transport = new GrpcBareTransport(`${host}:${port}`, this.config.grpcMaxMessageBytes, timeout);
      return { transport, close: async () => transport.close() };
    }
    if (variant === 'json') {
      return { transport: new JsonHttpTransport(this.http, `http://${host}:${port}`, timeout), close: async () => undefined };
    }
    const client = ClientProxyFactory.create(
      sampleGrpcOptions({
        url: `${host}:${port}`,
        maxMessageBytes: this.config.grpcMaxMessageBytes,
        packageDefinition: withPayloadByteCounts(loadSamplePackageDefinition()),
      }),
    ) as unknown as ClientGrpcProxy;
    const transport = new GrpcTransport(client.getService<SampleServiceClient>(SAMPLE_SERVICE), `${host}:${port}`, timeout);
    return { transport, close: async () => client.close() };
  }
}
