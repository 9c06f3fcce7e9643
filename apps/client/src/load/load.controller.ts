import { Controller, Get, Query } from '@nestjs/common';
import type { LoadLevelResult } from '@app/bench';
import { LoadQuery, LoadService } from './load.service';

/** `GET /client/load`: one short load level (at most 30 s); `npm run load` for sweeps and files. */
@Controller('client/load')
export class LoadController {
  constructor(private readonly load: LoadService) {}

  @Get()
  run(@Query() query: LoadQuery): Promise<LoadLevelResult> {
    return this.load.run(query);
  }
}
