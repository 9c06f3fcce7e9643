import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { Injectable } from '@nestjs/common';
import { jsonRowsOf, type JsonRow, type Shape } from '@app/shapes';
import {
  asBuffer,
  buildReplyInPieces,
  DEFAULT_JSON_CODEC,
  getJsonCodec,
  jsonReplyPieces,
  jsonReplyText,
  protobufReplyPieces,
  type ReplyPieces,
} from '@app/codecs';
import { maxProtoRowBytes, PROTOBUF_MEDIA_TYPE, rowsCodec } from '@app/grpc';
import { BuildLane, jsonReplyBytes, LARGE_REPLY_ROWS } from '@app/serving';
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
    return representation.encoding === 'protobuf'
      ? count * maxProtoRowBytes(count - 1, shape)
      : jsonReplyBytes(count, shape);
  }

  // Large replies take turns (one process, one thread: they would be built one after another anyway).
  private readonly lane = new BuildLane();

  async render(shape: Shape, count: number, representation: Representation): Promise<RenderedSamples> {
    return this.compress(this.build(shape, count, representation), representation);
  }

  /**
   * render(), but a large reply waits for its turn on the lane and is built in pieces, each only while `gone()` says
   * its caller is still there: null when it left before the last (a server must not build replies nobody reads).
   * The body is the one render() gives, byte for byte.
   */
  async renderIfWanted(
    shape: Shape,
    count: number,
    representation: Representation,
    gone: () => boolean,
  ): Promise<RenderedSamples | null> {
    if (count <= LARGE_REPLY_ROWS) return this.render(shape, count, representation);
    const built = await this.lane.run(gone, () => this.buildInPieces(shape, count, representation, gone));
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
        : jsonReplyText(
            representation.jsonCodec ?? getJsonCodec(DEFAULT_JSON_CODEC),
            shape,
            message[shape.rowsField] as JsonRow[],
          );
    const serializeMs = performance.now() - started;
    return rendered(serialized, representation, { generateMs, serializeMs });
  }

  /**
   * build() of a large reply, REPLY_PIECE_ROWS rows at a time with a look at the caller before each: a cancel stops
   * the work within a piece (milliseconds), where the one call above ran for seconds after the caller had gone.
   * Generate and serialize are summed over the pieces, so they keep their meaning.
   */
  private async buildInPieces(
    shape: Shape,
    count: number,
    representation: Representation,
    gone: () => boolean,
  ): Promise<RenderedSamples | null> {
    const built = await buildReplyInPieces(count, gone, replyPieces(shape, representation));
    return (
      built && rendered(built.body, representation, { generateMs: built.generateMs, serializeMs: built.serializeMs })
    );
  }

  private async compress(built: RenderedSamples, representation: Representation): Promise<RenderedSamples> {
    if (!representation.gzip) return built;
    // zlib's default level (6), off the event loop in libuv's pool, as compression middleware does it; the time is
    // the wait for it, which is what this response waited.
    const started = performance.now();
    const body = await gzipAsync(built.body);
    return {
      ...built,
      body,
      contentEncoding: 'gzip',
      timing: { ...built.timing, compressMs: performance.now() - started },
    };
  }
}

/** The serializer build() would use, as pieces: the same one for the same representation, hence the same bytes. */
function replyPieces(shape: Shape, representation: Representation): ReplyPieces<unknown, string | Buffer> {
  if (representation.encoding === 'protobuf') return protobufReplyPieces(shape, representation.protobufCodec);
  return jsonReplyPieces(representation.jsonCodec ?? getJsonCodec(DEFAULT_JSON_CODEC), shape);
}

function rendered(body: string | Buffer, representation: Representation, timing: ServerPhases): RenderedSamples {
  return {
    body,
    contentType: representation.encoding === 'protobuf' ? PROTOBUF_MEDIA_TYPE : JSON_MEDIA_TYPE,
    contentEncoding: null,
    timing,
  };
}
