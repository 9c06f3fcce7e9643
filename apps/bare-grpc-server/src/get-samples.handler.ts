import { handleUnaryCall, status } from '@grpc/grpc-js';
import { getSamplesProblem, InvalidSliceRowsError, readSliceRows, samplesReply } from '@app/grpc';
import type { GetSamplesParam, Samples } from '@app/grpc';

/** `GetSamples` as a plain grpc-js handler: the same checks, reply and messages as the Nest server's SamplesService. */
export function getSamplesHandler(maxRows: number): handleUnaryCall<GetSamplesParam, Samples> {
  return (call, callback) => {
    const problem = getSamplesProblem(call.request, maxRows);
    if (problem !== null) return callback({ code: status.INVALID_ARGUMENT, details: problem });
    let sliceRows: number | null;
    try {
      sliceRows = readSliceRows(call.metadata, maxRows);
    } catch (error) {
      if (error instanceof InvalidSliceRowsError) return callback({ code: status.INVALID_ARGUMENT, details: error.message });
      throw error;
    }
    callback(null, samplesReply(call.request.count, sliceRows));
  };
}
