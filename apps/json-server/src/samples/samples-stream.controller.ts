import { BadRequestException, Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { parseJsonSerializer } from '@app/codecs';
import {
  admitHttpReply,
  InflightBudget,
  ndjsonStreamBytes,
  NodeResponse,
  parseShape,
  parseStreamParams,
  STREAM_QUERY,
  streamNdjson,
} from '@app/serving';
import { nodeResponseOf } from './node-response';
import { RawQuery } from './raw-query.decorator';
import { refusalException } from './refuse';

/**
 * `GET /samples/:count/stream?chunk=&offset=&shape=&serializer=` -> NDJSON (one row's JSON form per line, written by
 * the named JSON serializer), `chunk` rows per write, with a Server-Timing trailer. The stream (generation,
 * serialization, back-pressure, disconnect) is the one the bare server uses; this controller only finds the Node
 * response under the platform's: Express's response is one, Fastify's reply holds it in `raw` and is told to stay out
 * of the way (hijack) so it does not answer a second time.
 */
@Controller()
export class SamplesStreamController {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    private readonly budget: InflightBudget,
  ) {}

  @Get('samples/:count/stream')
  async streamSamples(
    @Param('count') count: string,
    @RawQuery(STREAM_QUERY) query: { chunk?: string; offset?: string; shape?: string; serializer?: string },
    @Res() response: unknown,
  ): Promise<void> {
    const { limits, streamChunkRows, serverMemory } = this.config;
    const bufferBytes = serverMemory.streamBufferBytes;
    const parsed = parseShape(query.shape);
    if ('error' in parsed) throw new BadRequestException(parsed.error);
    const { shape } = parsed;
    // The JSON serializer that writes the lines (json-stream-fjs), as on the one-message route; unknown: a 400 naming
    // the valid ones.
    const serializer = parseJsonSerializer(query.serializer);
    if ('error' in serializer) throw new BadRequestException(serializer.error);
    const params = parseStreamParams(
      count,
      query.chunk,
      query.offset,
      { maxStreamRows: limits.maxStreamRows, maxRows: limits.maxRows, defaultChunkRows: streamChunkRows, bufferBytes },
      shape,
    );
    if ('error' in params) throw new BadRequestException(params.error);
    const adapter = this.adapterHost.httpAdapter;
    const refusal = admitHttpReply(
      this.budget,
      ndjsonStreamBytes(params.count, params.offset, bufferBytes, shape),
      nodeResponseOf(adapter, response),
      'stream',
    );
    if (refusal) throw refusalException(adapter, response, refusal);
    await streamNdjson(this.nodeResponse(response), {
      ...params,
      shape,
      stringify: serializer.codec.forShape(shape).stringify,
    });
  }

  private nodeResponse(response: unknown): NodeResponse {
    if (this.adapterHost.httpAdapter.getType() === 'express') return response as NodeResponse;
    const reply = response as { hijack(): void; raw: NodeResponse };
    reply.hijack();
    return reply.raw;
  }
}
