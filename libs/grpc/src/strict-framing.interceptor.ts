import { ServerInterceptingCall, ServerInterceptor, status as GrpcStatus } from '@grpc/grpc-js';
import { grpcJsBaseCall } from './grpc-js-base-call';
import { GrpcFrameScanner } from './grpc-frame-scanner';

/**
 * Answers INTERNAL, naming the fault, for request framing that breaks the gRPC protocol, as grpc-go does ("client
 * streaming protocol violation"): a unary or server-streaming call with no request message or more than one, a
 * body that ends inside a message, a compressed flag when no grpc-encoding was negotiated, a flag other than 0 or 1.
 * grpc-js answers the first three UNIMPLEMENTED ("no request message", "second request message") and serves the
 * last two. Must be the first interceptor, so its listener sees each message and the half-close before any
 * handler; the scanner runs on the stream's data events, which grpc-js handles before a message reaches a listener.
 * Per call it costs one more 'data' listener and a look at 5 bytes per message.
 */
export const strictFramingInterceptor: ServerInterceptor = (method, call) => {
  const base = grpcJsBaseCall(call);
  const scanner = base === null ? null : new GrpcFrameScanner(base.incomingEncoding !== 'identity');
  if (scanner !== null) base!.stream.on('data', (chunk: Buffer) => scanner.push(chunk));
  const singleRequest = !method.requestStream;
  const kind = method.responseStream ? 'a server-streaming' : 'a unary';
  let received = 0;
  const intercepted: ServerInterceptingCall = new ServerInterceptingCall(call, {
    start(next) {
      next({
        onReceiveMessage(message, next) {
          received++;
          const tooMany =
            singleRequest && received > 1
              ? `${kind} method got ${Math.max(received, scanner?.messages ?? 0)} request messages`
              : null;
          const problem = scanner?.flagProblem ?? tooMany;
          // Not passed on: the handler never sees a message of a call that is refused.
          if (problem !== null) intercepted.sendStatus({ code: GrpcStatus.INTERNAL, details: problem });
          else next(message);
        },
        onReceiveHalfClose(next) {
          const none = singleRequest && received === 0 ? `${kind} method got no request message` : null;
          const problem = scanner?.flagProblem ?? scanner?.truncation() ?? none;
          if (problem !== null) intercepted.sendStatus({ code: GrpcStatus.INTERNAL, details: problem });
          else next();
        },
      });
    },
  });
  return intercepted;
};
