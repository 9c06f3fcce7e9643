import { Controller, Get, Param, Query } from '@nestjs/common';
import type { Comparison, ScenarioResult } from '@app/bench';
import { BenchService } from './bench.service';
import { BenchQueryDto } from './dto/bench-query.dto';

/** The client endpoints, with the article's names as aliases. Everything here is a translation to BenchService. */
@Controller('client')
export class BenchController {
  constructor(private readonly bench: BenchService) {}

  @Get(['json/single/:rows', 'call-a/:rows'])
  jsonSingle(@Param('rows') rows: string, @Query() query: BenchQueryDto): Promise<ScenarioResult> {
    return this.bench.run('json', 'single', { ...query, rows });
  }

  @Get(['grpc/single/:rows', 'call-b/:rows'])
  grpcSingle(@Param('rows') rows: string, @Query() query: BenchQueryDto): Promise<ScenarioResult> {
    return this.bench.run('grpc', 'single', { ...query, rows });
  }

  @Get(['json/parallel/:requests', 'call-a-parallel/:requests'])
  jsonParallel(@Param('requests') requests: string, @Query() query: BenchQueryDto): Promise<ScenarioResult> {
    return this.bench.run('json', 'parallel', { ...query, requests });
  }

  @Get(['grpc/parallel/:requests', 'call-b-parallel/:requests'])
  grpcParallel(@Param('requests') requests: string, @Query() query: BenchQueryDto): Promise<ScenarioResult> {
    return this.bench.run('grpc', 'parallel', { ...query, requests });
  }

  @Get('compare')
  compare(@Query() query: BenchQueryDto): Promise<Comparison> {
    return this.bench.compare(query);
  }
}
