import { handleServerStreamingCall, status } from '@grpc/grpc-js';
import type { InflightBudget } from '@app/serving';
import type { Shape } from '@app/shapes';
import { admitStream, isGrpcRefusal, streamSamplesProblem, writeSampleChunks } from '@app/grpc';
import type { ReplySerializer, StreamSamplesLimits, StreamSamplesParam } from '@app/grpc';
import { InvalidSerializerError, readShapeSerializer } from '@app/codecs';

/**
 * A shape's streaming method (StreamSamples, StreamRows) as a plain grpc-js handler: the Nest server's checks,
 * budget, messages and chunk loop (libs/grpc).
 */
export function streamRowsHandler(
  shape: Shape,
  limits: StreamSamplesLimits,
  budget: InflightBudget,
): handleServerStreamingCall<StreamSamplesParam, object> {
  return (call) => {
    // The serializer the client named (grpc-stream-static) encodes every message, as it does the unary reply.
    let serializer: ReplySerializer | null;
    try {
      serializer = readShapeSerializer(call.metadata, shape);
    } catch (error) {
      if (error instanceof InvalidSerializerError)
        return void call.emit('error', { code: status.INVALID_ARGUMENT, details: error.message });
      throw error;
    }
    const problem = streamSamplesProblem(call.request, limits, shape);
    // grpc-js turns an 'error' on a server stream into its status (details from the message) and ends the call.
    if (problem !== null) return void call.emit('error', { code: status.INVALID_ARGUMENT, details: problem });
    const admission = admitStream(budget, call.request, limits.bufferBytes, call, shape);
    if (isGrpcRefusal(admission)) return void call.emit('error', admission);
    writeSampleChunks(call, call.request, limits.bufferBytes, shape, serializer)
      .finally(admission.release)
      .catch((error: Error) => call.emit('error', { code: status.INTERNAL, details: error.message }));
  };
}
