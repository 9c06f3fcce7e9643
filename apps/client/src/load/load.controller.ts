import { Controller, Get, UseInterceptors } from '@nestjs/common';
import type { LoadLevelResult } from '@app/load';
import { BenchQuery } from '../bench/bench-query.decorator';
import { CallSignal } from '../bench/call-signal.decorator';
import { LoadService } from './load.service';
import { MeasurementInterceptor } from '../admission/measurement.interceptor';
import { ReadableNumbersInterceptor } from '../bench/readable-numbers.interceptor';

/** `GET /client/load`: one short load level; `npm run load` for sweeps and files. */
// Every call here measures: at most CLIENT_MAX_CALLS at once, the rest answered 503 while the client stays responsive;
// replies carry readable numbers unless ?raw=1.
@UseInterceptors(MeasurementInterceptor, ReadableNumbersInterceptor)
@Controller('client/load')
export class LoadController {
  constructor(private readonly load: LoadService) {}

  @Get()
  run(@BenchQuery('load') query: Record<string, unknown>, @CallSignal() signal: AbortSignal): Promise<LoadLevelResult> {
    return this.load.run(query, signal);
  }
}
