import { DynamicModule, Module } from '@nestjs/common';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { servedShapes } from '@app/shapes';
import { shapeRowsController } from './samples/shape-rows.controller';
import { SamplesService } from './samples/samples.service';

@Module({})
export class GrpcServerModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: GrpcServerModule,
      imports: [WirebenchConfigModule.forRoot(config)],
      // One controller per shape the registry serves (shapeRowsController says why they are built).
      controllers: servedShapes().map(shapeRowsController),
      providers: [SamplesService],
    };
  }
}
