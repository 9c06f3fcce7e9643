import { handleUnaryCall, status } from '@grpc/grpc-js';
import { afterPendingIo, InflightBudget, LARGE_REPLY_ROWS } from '@app/bootstrap';
import { admitUnaryReply, getSamplesProblem, holdForReply, InvalidSliceRowsError, isGrpcRefusal, readSliceRows, samplesReply } from '@app/grpc';
import type { GetSamplesParam, Samples } from '@app/grpc';

/** `GetSamples` as a plain grpc-js handler: the same checks, budget, reply and messages as the Nest server's SamplesService. */
export function getSamplesHandler(maxRows: number, budget: InflightBudget): handleUnaryCall<GetSamplesParam, Samples> {
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
    const reply = () => {
      // A caller that already left gets nothing built for it.
      if (call.cancelled) {
        admission.release();
        return callback({ code: status.CANCELLED, details: 'the client cancelled the call' });
      }
      callback(null, holdForReply(samplesReply(count, sliceRows), admission));
    };
    // For a large reply, first the event loop's next poll, in which a cancel that already arrived is read.
    if (count > LARGE_REPLY_ROWS) void afterPendingIo().then(reply);
    else reply();
  };
}
