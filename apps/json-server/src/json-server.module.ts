import { DynamicModule, Module } from '@nestjs/common';
import { WirebenchConfig, WirebenchConfigModule } from '@app/config';
import { SamplesController } from './samples/samples.controller';
import { SamplesStreamController } from './samples/samples-stream.controller';
import { SamplesService } from './samples/samples.service';
import { ParseCountPipe } from './samples/parse-count.pipe';

@Module({})
export class JsonServerModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: JsonServerModule,
      imports: [WirebenchConfigModule.forRoot(config)],
      controllers: [SamplesController, SamplesStreamController],
      providers: [SamplesService, ParseCountPipe],
    };
  }
}
