import { BadRequestException, Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { admitHttpReply, clientGone, InflightBudget, parseShape, SAMPLES_QUERY } from '@app/serving';
import { negotiateRepresentation, withSerializer } from './negotiate-representation';
import { nodeResponseOf } from './node-response';
import { refusalException } from './refuse';
import { ParseCountPipe } from './parse-count.pipe';
import { RawQuery } from './raw-query.decorator';
import { SamplesService } from './samples.service';
import { sendSamples } from './send-samples';

/**
 * `GET /samples/:count?shape=&serializer=` -> `{ samples: Row[] }` as JSON (written by the named JSON serializer,
 * JSON.stringify unless another is named) (another shape: `{ rows: [...] }`, each row in its proto3 JSON form), or the
 * shape's rows message as protobuf for `Accept: application/x-protobuf` (encoded by the named protobuf serializer,
 * proto-loader unless another is named), gzip-compressed when Accept-Encoding allows it, with a Server-Timing header;
 * `/server-a/:count` is the article's name for it. The same controller runs on Express and on Fastify (HTTP/1.1, h2c),
 * so it speaks to the response only through Nest's HTTP adapter.
 */
@Controller()
export class SamplesController {
  constructor(
    private readonly samples: SamplesService,
    private readonly adapterHost: HttpAdapterHost,
    private readonly budget: InflightBudget,
  ) {}

  @Get(['samples/:count', 'server-a/:count'])
  async getSamples(
    @Param('count', ParseCountPipe) count: number,
    // Takes `shape` and `serializer` only: any other query parameter is a 400 rather than ignored (the decorator
    // refuses).
    @RawQuery(SAMPLES_QUERY) query: { shape?: string; serializer?: string },
    @Headers('accept') accept: string | undefined,
    @Headers('accept-encoding') acceptEncoding: string | undefined,
    @Res() response: unknown,
  ): Promise<void> {
    const parsed = parseShape(query.shape);
    if ('error' in parsed) throw new BadRequestException(parsed.error);
    const { shape } = parsed;
    const adapter = this.adapterHost.httpAdapter;
    const raw = nodeResponseOf(adapter, response);
    // `?serializer=` names a JSON serializer for a JSON body, a protobuf one for a protobuf body (Accept).
    const representation = withSerializer(negotiateRepresentation(accept, acceptEncoding), query.serializer, shape);
    if ('error' in representation) throw new BadRequestException(representation.error);
    // The reply's largest encoding (the shape's bound) is held against MAX_INFLIGHT_BYTES until the response closes.
    const refusal = admitHttpReply(this.budget, this.samples.replyBytes(shape, count, representation), raw);
    if (refusal) throw refusalException(adapter, response, refusal);
    // A caller who left before its turn gets nothing built; the response is gone with it.
    const rendered = await this.samples.renderIfWanted(shape, count, representation, () => clientGone(raw));
    if (rendered !== null) sendSamples(adapter, response, rendered);
  }
}
