import { DynamicModule, Module } from '@nestjs/common';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { InflightBudget } from '@app/serving';
import { servedShapes } from '@app/shapes';
import { shapeRowsController } from './samples/shape-rows.controller';
import { SamplesService } from './samples/samples.service';

@Module({})
export class GrpcServerModule {
  /** `budget`: the process's one MAX_INFLIGHT_BYTES budget, which grpc-js's request interceptor draws on too. */
  static forRoot(
    config: WirebenchConfig,
    budget = new InflightBudget(config.serverMemory.maxInflightBytes),
  ): DynamicModule {
    return {
      module: GrpcServerModule,
      imports: [WirebenchConfigModule.forRoot(config)],
      // One controller per shape the registry serves (shapeRowsController says why they are built).
      controllers: servedShapes().map(shapeRowsController),
      providers: [{ provide: InflightBudget, useValue: budget }, SamplesService],
    };
  }
}
