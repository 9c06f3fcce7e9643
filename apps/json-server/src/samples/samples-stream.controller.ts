import { BadRequestException, Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { NodeResponse, parseStreamParams, STREAM_QUERY, streamNdjson } from '@app/bootstrap';
import { RawQuery } from './raw-query.decorator';

/**
 * `GET /samples/:count/stream?chunk=&offset=` -> NDJSON, `chunk` rows per write, with a Server-Timing trailer. The
 * stream (generation, serialization, back-pressure, disconnect) is the one the bare server uses; this controller only
 * finds the Node response under the platform's: Express's response is one, Fastify's reply holds it in `raw` and is
 * told to stay out of the way (hijack) so it does not answer a second time.
 */
@Controller()
export class SamplesStreamController {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
  ) {}

  @Get('samples/:count/stream')
  async streamSamples(
    @Param('count') count: string,
    @RawQuery(STREAM_QUERY) query: { chunk?: string; offset?: string },
    @Res() response: unknown,
  ): Promise<void> {
    const { limits, streamChunkRows } = this.config;
    const params = parseStreamParams(count, query.chunk, query.offset, { maxStreamRows: limits.maxStreamRows, maxRows: limits.maxRows, defaultChunkRows: streamChunkRows });
    if ('error' in params) throw new BadRequestException(params.error);
    await streamNdjson(this.nodeResponse(response), params);
  }

  private nodeResponse(response: unknown): NodeResponse {
    if (this.adapterHost.httpAdapter.getType() === 'express') return response as NodeResponse;
    const reply = response as { hijack(): void; raw: NodeResponse };
    reply.hijack();
    return reply.raw;
  }
}
