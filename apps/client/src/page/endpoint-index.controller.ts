import { Controller, Get, Inject } from '@nestjs/common';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { ResultsService } from '../results/results.service';
import { EndpointIndex, endpointIndex } from './endpoint-index';

/** `GET /client`: the endpoints as JSON, for curl users and for the page. */
@Controller('client')
export class EndpointIndexController {
  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    private readonly results: ResultsService,
  ) {}

  @Get()
  async index(): Promise<EndpointIndex> {
    return endpointIndex(this.config, await this.results.newestFile());
  }
}
