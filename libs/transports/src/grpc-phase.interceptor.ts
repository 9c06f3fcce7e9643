import { InterceptingCall, Interceptor } from '@grpc/grpc-js';
import { SERVER_TIMING } from '@app/server-timing';
import { grpcCallPhasesOf } from './grpc-call-phases';

/**
 * A grpc-js client interceptor that stamps the call's PhaseClock when the response headers arrive (first byte) and
 * hands it the `server-timing` trailer from the status. Calls that carry no GrpcCallPhases pass through untouched.
 * Last byte and decode come from the deserializer (withPayloadByteCounts), which sees the message before any
 * interceptor does.
 */
export const grpcPhaseInterceptor: Interceptor = (options, nextCall) => {
  const phases = grpcCallPhasesOf(options);
  if (phases === undefined) return new InterceptingCall(nextCall(options));
  phases.intercepted = true;
  return new InterceptingCall(nextCall(options), {
    start(metadata, listener, next) {
      next(metadata, {
        onReceiveMetadata(received, next) {
          phases.clock.firstByte();
          next(received);
        },
        onReceiveStatus(status, next) {
          phases.clock.serverTiming(status.metadata.get(SERVER_TIMING).map(String));
          next(status);
        },
      });
    },
  });
};
