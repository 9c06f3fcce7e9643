import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { jsonRowsOf, type JsonRow, type Shape } from '@app/shapes';
import { asBuffer, DEFAULT_JSON_CODEC, getJsonCodec, jsonReplyText } from '@app/codecs';
import { maxProtoRowBytes, PROTOBUF_MEDIA_TYPE, rowsCodec } from '@app/grpc';
import { BuildLane, jsonReplyBytes, LARGE_REPLY_ROWS } from '@app/bootstrap';
import type { ServerPhases } from '@app/server-timing';
import type { Representation } from './negotiate-representation';

const gzipAsync = promisify(gzip);

/** One response body, ready to send, and what producing it cost. */
export interface RenderedSamples {
  body: string | Buffer;
  contentType: string;
  contentEncoding: 'gzip' | null;
  timing: ServerPhases;
}

export const JSON_MEDIA_TYPE = 'application/json; charset=utf-8';

/**
 * Rows of one shape for one response in the representation asked for; ParseCountPipe has already held the count to
 * MAX_ROWS. Each step is the work the server did before it measured (JSON.stringify is what Express's res.json ran),
 * now between two performance.now() calls so the client learns where the server's time went.
 */
@Injectable()
export class SamplesService {
  /** The most bytes `count` rows can take in this representation (before gzip, which only shrinks them). */
  replyBytes(shape: Shape, count: number, representation: Representation): number {
    return representation.encoding === 'protobuf' ? count * maxProtoRowBytes(count - 1, shape) : jsonReplyBytes(count, shape);
  }

  // Large replies take turns (one process, one thread: they would be built one after another anyway).
  private readonly lane = new BuildLane();

  async render(shape: Shape, count: number, representation: Representation): Promise<RenderedSamples> {
    return this.compress(this.build(shape, count, representation), representation);
  }

  /**
   * render(), but a large reply waits for its turn on the lane and is not built when `gone()` says its caller left
   * meanwhile (null): a server must not build replies nobody reads.
   */
  async renderIfWanted(shape: Shape, count: number, representation: Representation, gone: () => boolean): Promise<RenderedSamples | null> {
    if (count <= LARGE_REPLY_ROWS) return this.render(shape, count, representation);
    const built = await this.lane.run(gone, () => this.build(shape, count, representation));
    return built && this.compress(built, representation);
  }

  /** Generate and serialize: synchronous, the part that takes the event loop. */
  private build(shape: Shape, count: number, representation: Representation): RenderedSamples {
    const protobuf = representation.encoding === 'protobuf';
    let started = performance.now();
    // Generate makes the rows in the form that is sent: for JSON, a shape other than the article's row includes the
    // conversion to its proto3 JSON form (toJson) here, so serialize is JSON.stringify alone, as for the row.
    const message = { [shape.rowsField]: protobuf ? shape.rows(count) : jsonRowsOf(shape, count) };
    // Another protobuf serializer's own form of the rows (proto-http-static) is made here too: generate-side work.
    const protobufCodec = protobuf ? representation.protobufCodec : undefined;
    const prepared = protobufCodec?.prepare(message[shape.rowsField]);
    const generateMs = performance.now() - started;

    started = performance.now();
    // Protobuf: the serializer asked for, or the gRPC servers' for the shape's unary method (protobuf over HTTP and
    // gRPC carry the same bytes). JSON: the serializer asked for (JSON.stringify unless another was named) writes
    // the rows, `{"<rowsField>":` around them.
    const serialized = protobufCodec
      ? asBuffer(protobufCodec.encode(prepared))
      : protobuf
        ? rowsCodec(shape).serialize(message)
        : jsonReplyText(representation.jsonCodec ?? getJsonCodec(DEFAULT_JSON_CODEC), shape, message[shape.rowsField] as JsonRow[]);
    const serializeMs = performance.now() - started;
    const contentType = protobuf ? PROTOBUF_MEDIA_TYPE : JSON_MEDIA_TYPE;
    return { body: serialized, contentType, contentEncoding: null, timing: { generateMs, serializeMs } };
  }

  private async compress(built: RenderedSamples, representation: Representation): Promise<RenderedSamples> {
    if (!representation.gzip) return built;
    // zlib's default level (6), off the event loop in libuv's pool, as compression middleware does it; the time is
    // the wait for it, which is what this response waited.
    const started = performance.now();
    const body = await gzipAsync(built.body);
    return { ...built, body, contentEncoding: 'gzip', timing: { ...built.timing, compressMs: performance.now() - started } };
  }
}
