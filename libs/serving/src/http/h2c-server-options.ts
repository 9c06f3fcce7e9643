import type { ServerOptions } from 'node:http2';

/**
 * node:http2 options for the h2c servers. Node refuses every new stream of a session with ENHANCE_YOUR_CALM once
 * the session holds more than maxSessionMemory (10 MB by default), and one large reply waiting for a slow reader
 * holds far more: every next call on that connection was refused. What a reply may hold is already admitted by
 * MAX_INFLIGHT_BYTES, so the limit is lifted, as grpc-js lifts it on the gRPC servers (it found Node's behaviour at
 * the limit "degrades badly"). The value is in MB; this is grpc-js's.
 */
export function h2cServerOptions(): ServerOptions {
  return { maxSessionMemory: Number.MAX_SAFE_INTEGER };
}
