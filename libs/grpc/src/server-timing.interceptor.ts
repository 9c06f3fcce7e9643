import { performance } from 'node:perf_hooks';
import { Metadata, ServerInterceptingCall, ServerInterceptor, status as GrpcStatus } from '@grpc/grpc-js';
import { formatServerTiming, SERVER_TIMING } from '@app/server-timing';
import { ReplyPhases, replyPhases } from './reply-phases';

/**
 * Adds a `server-timing` trailer (the W3C Server-Timing syntax, as the JSON servers' header) to every OK reply that
 * carries ReplyPhases: generate (the handler), serialize (withServerPhases), and send. grpc-js's unary handler
 * calls sendMessage, which encodes, frames and writes to the HTTP/2 stream, and sends the status from that write's
 * callback; so send = encode end -> status, i.e. framing (a copy behind the 5-byte prefix) plus the stream
 * accepting the bytes. A stream (StreamSamples) reports the totals over its messages that its last message points
 * at (writeSampleChunks): the status goes out once every write has completed. Replies without phases (health,
 * reflection) and errors pass through untouched.
 */
export const serverTimingInterceptor: ServerInterceptor = (_method, call) => {
  let reply: unknown;
  return new ServerInterceptingCall(call, {
    sendMessage(message, next) {
      reply = message;
      next(message);
    },
    sendStatus(status, next) {
      // The reply's bytes were taken by the HTTP/2 stream (grpc-js sends the status from that write's callback):
      // its memory reservation (reply-admission.ts) ends here, sent or not.
      replyPhases(reply)?.release?.();
      const phases = status.code === GrpcStatus.OK ? replyPhases(reply) : undefined;
      if (phases === undefined) return next(status);
      const timing = formatServerTiming(
        phases.stream ?? { generateMs: phases.generateMs, serializeMs: phases.serializeMs, sendMs: sendMsOf(phases) },
      );
      if (timing === '') return next(status);
      // The handler's own trailer, if it set one, is copied rather than changed under it.
      const metadata = status.metadata?.clone() ?? new Metadata();
      metadata.set(SERVER_TIMING, timing);
      next({ ...status, metadata });
    },
  });
};

function sendMsOf(phases: ReplyPhases): number | undefined {
  return phases.serializedAt === undefined ? undefined : performance.now() - phases.serializedAt;
}
