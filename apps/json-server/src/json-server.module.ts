import { DynamicModule, Module } from '@nestjs/common';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { InflightBudget } from '@app/serving';
import { ResourceMeter } from '@app/resources';
import { ConnectModule, connectRowsProvider, RowsConnectHandler } from '@app/connect';
import { SamplesController } from './samples/samples.controller';
import { SamplesStreamController } from './samples/samples-stream.controller';
import { SamplesService } from './samples/samples.service';
import { ParseCountPipe } from './samples/parse-count.pipe';
import { ResourcesController } from './admin/resources.controller';

@Module({})
export class JsonServerModule {
  /**
   * With a meter (SERVER_RESOURCES allows it) the admin routes exist; without one they are 404 like any unknown path.
   */
  static forRoot(config: WirebenchConfig, meter: ResourceMeter | null = null): DynamicModule {
    return {
      module: JsonServerModule,
      // ConnectModule: proto/'s services over Connect, gRPC-Web and (h2c only) gRPC, on the same port
      // (docs/connect.md).
      imports: [WirebenchConfigModule.forRoot(config), ConnectModule],
      controllers: [SamplesController, SamplesStreamController, ...(meter ? [ResourcesController] : [])],
      providers: [
        SamplesService,
        ParseCountPipe,
        RowsConnectHandler,
        connectRowsProvider,
        // One per server process: every reply and stream in flight draws on it (MAX_INFLIGHT_BYTES).
        { provide: InflightBudget, useValue: new InflightBudget(config.serverMemory.maxInflightBytes) },
        ...(meter ? [{ provide: ResourceMeter, useValue: meter }] : []),
      ],
    };
  }
}
