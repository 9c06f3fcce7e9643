import { Controller, Get, Param } from '@nestjs/common';
import type { Row } from '@app/data-generator';
import { ParseCountPipe } from './parse-count.pipe';
import { SamplesService } from './samples.service';

/** `GET /samples/:count` -> `{ samples: Row[] }`; `/server-a/:count` is the article's name for it. */
@Controller()
export class SamplesController {
  constructor(private readonly samples: SamplesService) {}

  @Get(['samples/:count', 'server-a/:count'])
  getSamples(@Param('count', ParseCountPipe) count: number): { samples: Row[] } {
    return this.samples.getSamples(count);
  }
}
