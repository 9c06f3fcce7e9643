import { Inject, Injectable } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { ClientGrpcProxy, ClientProxyFactory } from '@nestjs/microservices';
import { GrpcTransport, JsonHttpTransport, RelayTransportFactory, RowsTransport, TransportKind, withPayloadByteCounts } from '@app/bench';
import { loadSamplePackageDefinition, SAMPLE_SERVICE, sampleGrpcOptions, SampleServiceClient } from '@app/grpc';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/**
 * Transports like the measured ones (same HttpService, a ClientGrpc from the same options factory) pointed at a
 * counting relay, for the separate wire-bytes pass.
 */
@Injectable()
export class RelayTransportFactoryService implements RelayTransportFactory {
  constructor(
    private readonly http: HttpService,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  create(kind: TransportKind, host: string, port: number): { transport: RowsTransport; close(): Promise<void> } {
    const timeout = this.config.requestTimeoutMs;
    if (kind === 'json') {
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
