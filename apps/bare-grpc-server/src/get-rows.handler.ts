import { handleUnaryCall, status } from '@grpc/grpc-js';
import { BuildLane, InflightBudget, LARGE_REPLY_ROWS } from '@app/serving';
import type { Shape } from '@app/shapes';
import {
  admitUnaryReply,
  getSamplesProblem,
  holdForReply,
  InvalidSliceRowsError,
  isGrpcRefusal,
  largeRowsReply,
  readSliceRows,
  rowsReply,
} from '@app/grpc';
import type { GetSamplesParam, ReplySerializer } from '@app/grpc';
import { readShapeSerializer, SLICES_WITH_SERIALIZER, InvalidSerializerError } from '@app/codecs';

/**
 * A shape's unary method (GetSamples for the article's row, GetRows for the others) as a plain grpc-js handler: the
 * same checks, budget, reply and messages as the Nest server's SamplesService. `lane` is the process's one.
 */
export function getRowsHandler(
  shape: Shape,
  maxRows: number,
  budget: InflightBudget,
  lane: BuildLane,
): handleUnaryCall<GetSamplesParam, object> {
  return (call, callback) => {
    const problem = getSamplesProblem(call.request, maxRows);
    if (problem !== null) return callback({ code: status.INVALID_ARGUMENT, details: problem });
    const { count } = call.request;
    let sliceRows: number | null;
    let serializer: ReplySerializer | null;
    try {
      sliceRows = readSliceRows(call.metadata, maxRows);
      serializer = readShapeSerializer(call.metadata, shape);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError || error instanceof InvalidSerializerError)
        return callback({ code: status.INVALID_ARGUMENT, details: error.message });
      throw error;
    }
    if (sliceRows !== null && serializer !== null)
      return callback({ code: status.INVALID_ARGUMENT, details: SLICES_WITH_SERIALIZER });
    const admission = admitUnaryReply(budget, count, call, shape);
    if (isGrpcRefusal(admission)) return callback(admission);
    if (count <= LARGE_REPLY_ROWS)
      return callback(null, holdForReply(rowsReply(shape, count, sliceRows, serializer), admission));
    // A large reply is built in its turn, in pieces, and stops at the first piece after its caller left (a cancel).
    const gone = () => call.cancelled;
    void lane
      .run(gone, () => largeRowsReply(shape, count, sliceRows, serializer, gone))
      .then((reply) => {
        if (reply !== null) return callback(null, holdForReply(reply, admission));
        admission.release();
        callback({ code: status.CANCELLED, details: 'the client cancelled the call' });
      });
  };
}
