import type { ServerHttp2Stream } from 'node:http2';
import type { ServerInterceptingCallInterface } from '@grpc/grpc-js';

/** What strictFramingInterceptor reads from grpc-js's innermost call object (BaseServerInterceptingCall). */
export interface GrpcJsBaseCall {
  /** The call's HTTP/2 stream, whose 'data' events carry the request body as it arrived. */
  stream: Pick<ServerHttp2Stream, 'on'>;
  /** The request's grpc-encoding header ('identity' when absent), which grpc-js strips from the metadata. */
  incomingEncoding: string;
}

/**
 * grpc-js (1.14) gives interceptors no public way to the raw request bytes or to grpc-encoding, so this reads two
 * fields its BaseServerInterceptingCall keeps (TypeScript-private, not exported), found by walking the interceptor
 * chain inwards. Only reads: nothing of grpc-js is replaced. Null if a grpc-js upgrade renamed them
 * (strict-framing.interceptor.spec.ts fails then).
 */
export function grpcJsBaseCall(call: ServerInterceptingCallInterface): GrpcJsBaseCall | null {
  let inner: unknown = call;
  while (typeof inner === 'object' && inner !== null) {
    const candidate = inner as Partial<GrpcJsBaseCall> & { nextCall?: unknown };
    if (typeof candidate.stream?.on === 'function' && typeof candidate.incomingEncoding === 'string')
      return candidate as GrpcJsBaseCall;
    inner = candidate.nextCall;
  }
  return null;
}
