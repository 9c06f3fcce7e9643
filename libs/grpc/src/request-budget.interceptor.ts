import { ServerInterceptingCall, ServerInterceptor, status as GrpcStatus } from '@grpc/grpc-js';
import { describeRefusal, isRefusal, type InflightBudget, type Reservation } from '@app/serving';
import { grpcJsBaseCall } from './grpc-js-base-call';
import { GrpcFrameScanner } from './grpc-frame-scanner';

/**
 * Counts what grpc-js buffers of a request against the process's MAX_INFLIGHT_BYTES, beside the replies, as the Connect
 * routes count a body being read (admitRequestBody): each message's declared length (at most `maxRequestBytes`: grpc-js
 * refuses a longer one by its prefix) is reserved when its prefix arrives, before the payload is buffered, and given
 * back when the call's stream closes. A message that does not fit is answered UNAVAILABLE naming the budget (busy:
 * retry later) and never reaches the handler. Without it, many calls each holding a partial 64 KiB message were memory
 * no budget saw.
 */
export function requestBudgetInterceptor(budget: InflightBudget, maxRequestBytes: number): ServerInterceptor {
  return (_method, call) => {
    const base = grpcJsBaseCall(call);
    const held: Reservation[] = [];
    let refused = false;
    const releaseAll = () => {
      for (const reservation of held.splice(0)) reservation.release();
    };
    const intercepted: ServerInterceptingCall = new ServerInterceptingCall(call, {
      start(next) {
        next({
          // A refused call's message and half-close stop here: its handler never runs.
          onReceiveMessage: (message, next) => (refused ? undefined : next(message)),
          onReceiveHalfClose: (next) => (refused ? undefined : next()),
        });
      },
    });
    if (base === null) return intercepted;
    // The stream's close ends every call, however it ended: answered, cancelled, or refused by grpc-js itself (a
    // message over the size limit), which sends its status past the interceptors.
    base.stream.on('close', releaseAll);
    // Flags are strictFramingInterceptor's to judge: this scanner only reads the declared lengths.
    const scanner = new GrpcFrameScanner(true, (declared) => {
      if (refused || declared === 0) return;
      // A message grpc-js will refuse by its length is not buffered: only up to the limit can be.
      const outcome = budget.reserve(Math.min(declared, maxRequestBytes), false);
      if (!isRefusal(outcome)) return void held.push(outcome);
      refused = true;
      intercepted.sendStatus({ code: GrpcStatus.UNAVAILABLE, details: `request message: ${describeRefusal(outcome)}` });
    });
    base.stream.on('data', (chunk: Buffer) => scanner.push(chunk));
    return intercepted;
  };
}
