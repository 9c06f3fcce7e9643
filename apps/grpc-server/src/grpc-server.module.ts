import { DynamicModule, Module } from '@nestjs/common';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { SamplesController } from './samples/samples.controller';
import { SamplesService } from './samples/samples.service';

@Module({})
export class GrpcServerModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: GrpcServerModule,
      imports: [WirebenchConfigModule.forRoot(config)],
      controllers: [SamplesController],
      providers: [SamplesService],
    };
  }
}
