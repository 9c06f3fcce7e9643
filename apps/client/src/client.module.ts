import { Agent } from 'node:http';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { HttpModule } from '@nestjs/axios';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { BenchService } from './bench/bench.service';
import { BenchController } from './bench/bench.controller';
import { TransportFactory } from './bench/transport.factory';
import { BenchExceptionFilter } from './filters/bench-exception.filter';
import { ResultsModule } from './results/results.module';
import { LoadController } from './load/load.controller';
import { LoadService } from './load/load.service';
import { PageModule } from './page/page.module';
import { NetworkService } from './network/network.service';
import { CallAdmission } from './admission/call-admission.service';
import { MeasurementInterceptor } from './admission/measurement.interceptor';
import { ProgressController } from './admission/progress.controller';
import { ProgressLog } from './admission/progress-log';

@Module({})
export class ClientModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: ClientModule,
      imports: [
        WirebenchConfigModule.forRoot(config),
        // Keep-alive sockets: parallel requests each get a connection, as in the article, up to the client's socket
        // budget (CLIENT_MAX_SOCKETS, from its open-files limit) over all servers; requests beyond wait for a socket
        // instead of running the client out of file descriptors.
        HttpModule.register({
          httpAgent: new Agent({
            keepAlive: true,
            maxSockets: config.clientBudget.maxSockets,
            maxTotalSockets: config.clientBudget.maxSockets,
          }),
        }),
        ResultsModule,
        PageModule,
      ],
      controllers: [BenchController, LoadController, ProgressController],
      providers: [
        TransportFactory,
        NetworkService,
        BenchService,
        LoadService,
        CallAdmission,
        MeasurementInterceptor,
        ProgressLog,
        { provide: APP_FILTER, useClass: BenchExceptionFilter },
      ],
    };
  }
}
