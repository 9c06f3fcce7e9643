import { Provider } from '@nestjs/common';
import { HttpService } from '@nestjs/axios';
import { ClientGrpc } from '@nestjs/microservices';
import { GrpcBareTransport, GrpcTransport, JsonHttpTransport, JsonUndiciTransport } from '@app/bench';
import { SAMPLE_SERVICE, SampleServiceClient } from '@app/grpc';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';

/** Injection token of the ClientGrpc registered for the gRPC server. */
export const SAMPLE_GRPC_CLIENT = 'SAMPLE_GRPC_CLIENT';

/**
 * The engine's transports, one per variant: the baselines on the Nest clients a Nest user would use (HttpService,
 * ClientGrpc), and the client-library variants on undici and a plain grpc-js client, closed with the app.
 */
export const transportsProviders: Provider[] = [
  {
    provide: JsonHttpTransport,
    inject: [HttpService, WIREBENCH_CONFIG],
    useFactory: (http: HttpService, config: WirebenchConfig) => new JsonHttpTransport(http, config.targets.jsonUrl, config.requestTimeoutMs),
  },
  {
    provide: GrpcTransport,
    inject: [SAMPLE_GRPC_CLIENT, WIREBENCH_CONFIG],
    useFactory: (client: ClientGrpc, config: WirebenchConfig) =>
      new GrpcTransport(client.getService<SampleServiceClient>(SAMPLE_SERVICE), config.targets.grpcAddress, config.requestTimeoutMs),
  },
  {
    provide: JsonUndiciTransport,
    inject: [WIREBENCH_CONFIG],
    useFactory: (config: WirebenchConfig) => new JsonUndiciTransport(config.targets.jsonUrl, config.requestTimeoutMs),
  },
  {
    provide: GrpcBareTransport,
    inject: [WIREBENCH_CONFIG],
    useFactory: (config: WirebenchConfig) => new GrpcBareTransport(config.targets.grpcAddress, config.grpcMaxMessageBytes, config.requestTimeoutMs),
  },
];
