import { Agent } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpModule } from '@nestjs/axios';
import { ClientsModule } from '@nestjs/microservices';
import { withPayloadByteCounts } from '@app/bench';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { loadSamplePackageDefinition, sampleGrpcOptions } from '@app/grpc';
import { BenchService } from './bench/bench.service';
import { BenchController } from './bench/bench.controller';
import { SAMPLE_GRPC_CLIENT, transportsProviders } from './bench/transports.providers';
import { BenchExceptionFilter } from './filters/bench-exception.filter';
import { RelayTransportFactoryService } from './bench/relay-transport.factory';
import { ResultsController } from './results/results.controller';
import { ResultsService } from './results/results.service';
import { LoadController } from './load/load.controller';
import { LoadService } from './load/load.service';

@Module({})
export class ClientModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: ClientModule,
      imports: [
        WirebenchConfigModule.forRoot(config),
        // Keep-alive sockets, no cap on sockets: parallel requests each get a connection, as in the article.
        HttpModule.register({ httpAgent: new Agent({ keepAlive: true }) }),
        ClientsModule.register([
          {
            name: SAMPLE_GRPC_CLIENT,
            ...sampleGrpcOptions({
              url: config.targets.grpcAddress,
              maxMessageBytes: config.grpcMaxMessageBytes,
              packageDefinition: withPayloadByteCounts(loadSamplePackageDefinition()),
            }),
          },
        ]),
      ],
      controllers: [BenchController, ResultsController, LoadController],
      providers: [...transportsProviders, BenchService, RelayTransportFactoryService, ResultsService, LoadService, { provide: APP_FILTER, useClass: BenchExceptionFilter }],
    };
  }
}
