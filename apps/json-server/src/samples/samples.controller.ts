import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { SAMPLES_QUERY } from '@app/bootstrap';
import { negotiateRepresentation } from './negotiate-representation';
import { ParseCountPipe } from './parse-count.pipe';
import { RawQuery } from './raw-query.decorator';
import { SamplesService } from './samples.service';
import { sendSamples } from './send-samples';

/**
 * `GET /samples/:count` -> `{ samples: Row[] }` as JSON, or the protobuf `Samples` message for
 * `Accept: application/x-protobuf`, gzip-compressed when Accept-Encoding allows it, with a Server-Timing header;
 * `/server-a/:count` is the article's name for it. The same controller runs on Express and on Fastify (HTTP/1.1, h2c),
 * so it speaks to the response only through Nest's HTTP adapter.
 */
@Controller()
export class SamplesController {
  constructor(
    private readonly samples: SamplesService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  @Get(['samples/:count', 'server-a/:count'])
  async getSamples(
    @Param('count', ParseCountPipe) count: number,
    // Takes none: any query parameter is a 400 rather than ignored (the decorator refuses; the value is empty).
    @RawQuery(SAMPLES_QUERY) _query: Record<string, never>,
    @Headers('accept') accept: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    const rendered = await this.samples.render(count, negotiateRepresentation(accept, acceptEncoding));
    sendSamples(this.adapterHost.httpAdapter, response, rendered);
  }
}
