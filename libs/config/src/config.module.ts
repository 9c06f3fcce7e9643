import { DynamicModule, Global, Module } from '@nestjs/common';
import { WIREBENCH_CONFIG } from './config.constants';
import { WirebenchConfig } from './wirebench-config.interface';

/**
 * Hands the configuration that main.ts (or a test) loaded to the rest of the app. Loading happens before
 * Nest starts so that a bad value stops the process with one line, not a stack trace from inside a provider.
 */
@Global()
@Module({})
export class WirebenchConfigModule {
  static forRoot(config: WirebenchConfig): DynamicModule {
    return {
      module: WirebenchConfigModule,
      providers: [{ provide: WIREBENCH_CONFIG, useValue: config }],
      exports: [WIREBENCH_CONFIG],
    };
  }
}
