import { handleServerStreamingCall, status } from '@grpc/grpc-js';
import { streamSamplesProblem, writeSampleChunks } from '@app/grpc';
import type { Samples, StreamSamplesLimits, StreamSamplesParam } from '@app/grpc';

/** `StreamSamples` as a plain grpc-js handler: the Nest server's checks, messages and chunk loop (libs/grpc). */
export function streamSamplesHandler(limits: StreamSamplesLimits): handleServerStreamingCall<StreamSamplesParam, Samples> {
  return (call) => {
    const problem = streamSamplesProblem(call.request, limits);
    // grpc-js turns an 'error' on a server stream into its status (details from the message) and ends the call.
    if (problem !== null) return void call.emit('error', { code: status.INVALID_ARGUMENT, details: problem });
    writeSampleChunks(call, call.request).catch((error: Error) => call.emit('error', { code: status.INTERNAL, details: error.message }));
  };
}
