import { handleUnaryCall, status } from '@grpc/grpc-js';
import { BuildLane, InflightBudget, LARGE_REPLY_ROWS } from '@app/bootstrap';
import { admitUnaryReply, getSamplesProblem, holdForReply, InvalidSliceRowsError, isGrpcRefusal, readSliceRows, samplesReply } from '@app/grpc';
import type { GetSamplesParam, Samples } from '@app/grpc';

/** `GetSamples` as a plain grpc-js handler: the same checks, budget, reply and messages as the Nest server's SamplesService. */
export function getSamplesHandler(maxRows: number, budget: InflightBudget): handleUnaryCall<GetSamplesParam, Samples> {
  // Large replies take turns, each built only if its caller is still there.
  const lane = new BuildLane();
  return (call, callback) => {
    const problem = getSamplesProblem(call.request, maxRows);
    if (problem !== null) return callback({ code: status.INVALID_ARGUMENT, details: problem });
    const { count } = call.request;
    let sliceRows: number | null;
    try {
      sliceRows = readSliceRows(call.metadata, maxRows);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError) return callback({ code: status.INVALID_ARGUMENT, details: error.message });
      throw error;
    }
    const admission = admitUnaryReply(budget, count, call);
    if (isGrpcRefusal(admission)) return callback(admission);
    if (count <= LARGE_REPLY_ROWS) return callback(null, holdForReply(samplesReply(count, sliceRows), admission));
    // A large reply is built in its turn, and not at all for a caller that left meanwhile (its cancel was read).
    void lane.run(() => call.cancelled, () => samplesReply(count, sliceRows)).then((reply) => {
      if (reply !== null) return callback(null, holdForReply(reply, admission));
      admission.release();
      callback({ code: status.CANCELLED, details: 'the client cancelled the call' });
    });
  };
}
