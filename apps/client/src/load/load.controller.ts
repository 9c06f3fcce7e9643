import { Controller, Get } from '@nestjs/common';
import type { LoadLevelResult } from '@app/bench';
import { BenchQuery } from '../bench/bench-query.decorator';
import { CallSignal } from '../bench/call-signal.decorator';
import { LoadService } from './load.service';

/** `GET /client/load`: one short load level; `npm run load` for sweeps and files. */
@Controller('client/load')
export class LoadController {
  constructor(private readonly load: LoadService) {}

  @Get()
  run(@BenchQuery('load') query: Record<string, unknown>, @CallSignal() signal: AbortSignal): Promise<LoadLevelResult> {
    return this.load.run(query, signal);
  }
}
