import { handleServerStreamingCall, status } from '@grpc/grpc-js';
import type { InflightBudget } from '@app/bootstrap';
import { admitStream, isGrpcRefusal, streamSamplesProblem, writeSampleChunks } from '@app/grpc';
import type { Samples, StreamSamplesLimits, StreamSamplesParam } from '@app/grpc';

/** `StreamSamples` as a plain grpc-js handler: the Nest server's checks, budget, messages and chunk loop (libs/grpc). */
export function streamSamplesHandler(limits: StreamSamplesLimits, budget: InflightBudget): handleServerStreamingCall<StreamSamplesParam, Samples> {
  return (call) => {
    const problem = streamSamplesProblem(call.request, limits);
    // grpc-js turns an 'error' on a server stream into its status (details from the message) and ends the call.
    if (problem !== null) return void call.emit('error', { code: status.INVALID_ARGUMENT, details: problem });
    const admission = admitStream(budget, call.request, limits.bufferBytes, call);
    if (isGrpcRefusal(admission)) return void call.emit('error', admission);
    writeSampleChunks(call, call.request, limits.bufferBytes)
      .finally(admission.release)
      .catch((error: Error) => call.emit('error', { code: status.INTERNAL, details: error.message }));
  };
}
