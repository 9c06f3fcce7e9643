import { Inject, Injectable } from '@nestjs/common';
import { RpcException } from '@nestjs/microservices';
import { Metadata, status } from '@grpc/grpc-js';
import { Observable } from 'rxjs';
import { WIREBENCH_CONFIG, WirebenchConfig } from '@app/config';
import { BuildLane, InflightBudget, LARGE_REPLY_ROWS } from '@app/serving';
import type { Shape } from '@app/shapes';
import { readShapeSerializer, SLICES_WITH_SERIALIZER, InvalidSerializerError } from '@app/codecs';
import {
  admitStream,
  admitUnaryReply,
  getSamplesProblem,
  holdForReply,
  InvalidSliceRowsError,
  isGrpcRefusal,
  largeRowsReply,
  readSliceRows,
  rowsReply,
  streamSamplesProblem,
  writeSampleChunks,
} from '@app/grpc';
import type { CancellableCall, GetSamplesParam, ReplySerializer, SamplesWritable, StreamSamplesParam } from '@app/grpc';

/**
 * Rows of a shape for one reply or one stream (every shape's service alike), after checking the request against the
 * limits and the server's memory budget.
 */
@Injectable()
export class SamplesService {
  // Large replies take turns, each built only if its caller is still there.
  private readonly lane = new BuildLane();

  constructor(
    @Inject(WIREBENCH_CONFIG) private readonly config: WirebenchConfig,
    // One per server process: every reply, stream and request message in flight draws on it (MAX_INFLIGHT_BYTES).
    private readonly budget: InflightBudget,
  ) {}

  async getRows(shape: Shape, param: GetSamplesParam, metadata: Metadata, call: CancellableCall): Promise<object> {
    const max = this.config.limits.maxRows;
    const problem = getSamplesProblem(param, max);
    if (problem !== null) throw new RpcException({ code: status.INVALID_ARGUMENT, message: problem });
    let sliceRows: number | null;
    let serializer: ReplySerializer | null;
    try {
      sliceRows = readSliceRows(metadata, max);
      // The serializer the client named (grpc-static, grpc-es, grpc-tsproto): this reply is encoded with it.
      serializer = readShapeSerializer(metadata, shape);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError || error instanceof InvalidSerializerError)
        throw new RpcException({ code: status.INVALID_ARGUMENT, message: error.message });
      throw error;
    }
    if (sliceRows !== null && serializer !== null)
      throw new RpcException({ code: status.INVALID_ARGUMENT, message: SLICES_WITH_SERIALIZER });
    const { count } = param;
    const admission = admitUnaryReply(this.budget, count, call, shape);
    if (isGrpcRefusal(admission)) throw new RpcException({ code: admission.code, message: admission.details });
    // A large reply is built in its turn, in pieces, and stops at the first piece after its caller left (a cancel).
    const gone = () => call.cancelled;
    const reply =
      count <= LARGE_REPLY_ROWS
        ? rowsReply(shape, count, sliceRows, serializer)
        : await this.lane.run(gone, () => largeRowsReply(shape, count, sliceRows, serializer, gone));
    if (reply === null) {
      admission.release();
      throw new RpcException({ code: status.CANCELLED, message: 'the client cancelled the call' });
    }
    return holdForReply(reply, admission);
  }

  /**
   * The stream as an Observable that emits nothing: the shared chunk loop writes the messages to the call itself,
   * waiting for room (an Observable that emitted the chunks would be drained by Nest into an unbounded queue),
   * and completes it when the rows are written or the client cancelled; Nest then ends the call (already ended).
   */
  streamRows(shape: Shape, param: StreamSamplesParam, metadata: Metadata, call: SamplesWritable): Observable<never> {
    // The serializer the client named (grpc-stream-static) encodes every message, as it does the unary reply.
    const serializer = streamSerializer(metadata, shape);
    const { limits, serverMemory } = this.config;
    const problem = streamSamplesProblem(
      param,
      { maxStreamRows: limits.maxStreamRows, maxRows: limits.maxRows, bufferBytes: serverMemory.streamBufferBytes },
      shape,
    );
    if (problem !== null) throw new RpcException({ code: status.INVALID_ARGUMENT, message: problem });
    const admission = admitStream(this.budget, param, serverMemory.streamBufferBytes, call, shape);
    if (isGrpcRefusal(admission)) throw new RpcException({ code: admission.code, message: admission.details });
    return new Observable<never>((subscriber) => {
      writeSampleChunks(call, param, serverMemory.streamBufferBytes, shape, serializer)
        .finally(admission.release)
        .then(
          () => subscriber.complete(),
          (error: unknown) => subscriber.error(error),
        );
    });
  }
}

// The call's wirebench-serializer bound to the shape, or null; one it cannot use is INVALID_ARGUMENT naming why.
function streamSerializer(metadata: Metadata, shape: Shape): ReplySerializer | null {
  try {
    return readShapeSerializer(metadata, shape);
  } catch (error) {
    if (error instanceof InvalidSerializerError)
      throw new RpcException({ code: status.INVALID_ARGUMENT, message: error.message });
    throw error;
  }
}
