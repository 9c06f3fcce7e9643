import { performance } from 'node:perf_hooks';
import { Code, ConnectError, type HandlerContext } from '@connectrpc/connect';
import type { Message } from '@bufbuild/protobuf';
import {
  BuildLane,
  buildInPieces,
  describeRefusal,
  InflightBudget,
  isRefusal,
  LARGE_REPLY_ROWS,
  type PieceSteps,
  type PieceTimes,
  type Reservation,
} from '@app/serving';
import { getProtobufCodec } from '@app/codecs';
import { getSamplesProblem, streamSamplesProblem, type StreamSamplesLimits } from '@app/grpc';
import { formatServerTiming, SERVER_TIMING } from '@app/server-timing';
import type { Shape } from '@app/shapes';
import { repliesInJson, streamRowsReplyBytes, unaryRowsReplyBytes } from './reply-bytes';
import { replyEncoding } from './reply-encodings';
import { shapeOfService } from './rows-services';

/**
 * A unary request as protobuf-es decodes GetSamplesParam and every GetRowsParam: bigint as rowsServices serves them
 * (int32 fields read whole, see withWideIntRequests), number from a generated descriptor.
 */
export interface RowsRequest {
  count: number | bigint;
}

/** A streaming request as protobuf-es decodes StreamSamplesParam and every StreamRowsParam (lowerCamelCase). */
export interface StreamRowsRequest {
  count: number | bigint;
  offset: number | bigint;
  chunkRows: number | bigint;
}

// Rows become protobuf-es messages by the codec the benchmark already has for it: the same generators, the same
// field mapping (its toJsonRows is checked against the JSON servers' rows by the shared checksum).
const codec = getProtobufCodec('protobuf-es');

/**
 * Every shape's GetRows and StreamRows (GetSamples, StreamSamples for the article's row) over Connect: the gRPC
 * servers' request checks (libs/grpc: the same messages, naming the limit) and reply admission (MAX_INFLIGHT_BYTES, by
 * the size of the representation sent: JSON or protobuf),
 * answered with Connect's codes. The shape is the service's (ctx.service), so one instance serves all of them; the
 * Nest apps and the bare Connect server both call this.
 */
export class ConnectRows {
  constructor(
    private readonly limits: StreamSamplesLimits,
    private readonly budget: InflightBudget,
    // Large replies take turns, each built in pieces only while its caller is still there (one lane per process).
    private readonly lane = new BuildLane(),
  ) {}

  async unary(request: RowsRequest, ctx: HandlerContext): Promise<Message> {
    const shape = shapeOfService(ctx.service);
    const count = Number(request.count);
    const problem = getSamplesProblem({ count }, this.limits.maxRows);
    if (problem !== null) throw new ConnectError(problem, Code.InvalidArgument);
    const json = repliesInJson(ctx);
    this.admit(unaryRowsReplyBytes(count, shape, json), true, ctx);
    // The reply is encoded here, not by connect-es after the handler returns, so that a large one can be built in
    // pieces that each look at the caller first, and its serialize time is known.
    const encoding = replyEncoding(shape, json);
    const pieces: Uint8Array[] = [];
    const steps: PieceSteps<Message> = {
      generate: (first, rows) => this.chunk(shape, rows, first),
      serialize: (piece) => void pieces.push(encoding.encode(piece)),
    };
    const gone = () => ctx.signal.aborted;
    const times =
      count <= LARGE_REPLY_ROWS
        ? atOnce(count, steps)
        : await this.lane.run(gone, () => buildInPieces(count, gone, steps));
    if (times === null || gone()) throw new ConnectError('the client cancelled the call', Code.Canceled);
    const started = performance.now();
    const reply = encoding.reply(pieces, ctx.signal);
    ctx.responseTrailer.set(
      SERVER_TIMING,
      formatServerTiming({ ...times, serializeMs: times.serializeMs + performance.now() - started }),
    );
    return reply;
  }

  async *stream(request: StreamRowsRequest, ctx: HandlerContext): AsyncGenerator<Message> {
    const shape = shapeOfService(ctx.service);
    const param = {
      count: Number(request.count),
      offset: Number(request.offset),
      chunk_rows: Number(request.chunkRows),
    };
    const problem = streamSamplesProblem(param, this.limits, shape);
    if (problem !== null) throw new ConnectError(problem, Code.InvalidArgument);
    this.admit(streamRowsReplyBytes(param, this.limits.bufferBytes, shape, repliesInJson(ctx)), false, ctx);
    // Connect pulls the next message once the previous one is written, so one chunk is held at a time.
    let generateMs = 0;
    for (let sent = 0; sent < param.count && !ctx.signal.aborted; sent += param.chunk_rows) {
      const chunk = this.timed(ctx, generateMs, () =>
        this.chunk(shape, Math.min(param.chunk_rows, param.count - sent), param.offset + sent),
      );
      generateMs = chunk.generateMs;
      yield chunk.message;
    }
  }

  /**
   * Builds a stream's message and puts the generate time so far (rows made and turned into protobuf-es messages) in
   * the `server-timing` trailer, as the gRPC servers do. Serialize is left out, not guessed: connect-es encodes each
   * message after the handler has yielded it, where no handler code runs.
   */
  private timed(ctx: HandlerContext, before: number, build: () => Message): { message: Message; generateMs: number } {
    const start = performance.now();
    const message = build();
    const generateMs = before + performance.now() - start;
    ctx.responseTrailer.set(SERVER_TIMING, formatServerTiming({ generateMs }));
    return { message, generateMs };
  }

  private chunk(shape: Shape, count: number, offset: number): Message {
    return codec.forShape(shape).prepare(shape.rows(count, offset)) as Message;
  }

  /**
   * Reserves the reply's bytes until the call is over: connect-node aborts ctx.signal when the response has closed
   * (sent, or cut), which is when the encoded reply is gone. Busy → resource_exhausted (retry later); a reply that
   * can never fit → invalid_argument, as the gRPC servers answer.
   */
  private admit(bytes: number, leavesGarbage: boolean, ctx: HandlerContext): Reservation {
    if (ctx.signal.aborted) throw new ConnectError('the client cancelled the call', Code.Canceled);
    const outcome = this.budget.reserve(bytes, leavesGarbage);
    if (isRefusal(outcome))
      throw new ConnectError(
        describeRefusal(outcome),
        outcome.kind === 'busy' ? Code.ResourceExhausted : Code.InvalidArgument,
      );
    ctx.signal.addEventListener('abort', outcome.release, { once: true });
    return outcome;
  }
}

/**
 * A reply of at most LARGE_REPLY_ROWS in one piece, at once: a few ms of work, where the event-loop turns of pieces
 * would only add to every small call's time.
 */
function atOnce<P>(count: number, steps: PieceSteps<P>): PieceTimes {
  const started = performance.now();
  const piece = steps.generate(0, count);
  const generated = performance.now();
  steps.serialize(piece);
  return { generateMs: generated - started, serializeMs: performance.now() - generated };
}
