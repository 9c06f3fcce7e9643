import type { ServerOptions } from '@grpc/grpc-js';
import type { GrpcServerTimeouts } from '@app/config';
import type { InflightBudget } from '@app/serving';
import { requestBudgetInterceptor } from './request-budget.interceptor';
import { serverTimingInterceptor } from './server-timing.interceptor';
import { strictFramingInterceptor } from './strict-framing.interceptor';

export interface GrpcServerOptionsInput {
  /** Max reply message size, as the clients are given. */
  maxMessageBytes: number;
  /**
   * Max request message size (MAX_REQUEST_BYTES): grpc-js refuses a larger one by its length prefix,
   * RESOURCE_EXHAUSTED.
   */
  maxRequestBytes: number;
  timeouts: GrpcServerTimeouts;
  /**
   * The process's MAX_INFLIGHT_BYTES budget, which the request messages being read count against, beside the replies.
   */
  budget: InflightBudget;
}

/**
 * The grpc-js Server options of both gRPC servers (Nest passes them as channelOptions, the bare server to its
 * constructor), so the two differ only by the framework. The handshake timeout is not among them: grpc-js has none
 * for a connection that never speaks HTTP/2, so guardHandshakes applies it beside these.
 *
 * grpc-js 1.14's server implements the idle timeout and its own keepalive pings, but not the C core's policing of a
 * client's pings (`grpc.http2.min_ping_interval_without_data_ms`, `grpc.http2.max_ping_strikes`,
 * `grpc.keepalive_permit_without_calls` are read only by its client): setting them here would do nothing.
 */
export function grpcServerOptions(input: GrpcServerOptionsInput): ServerOptions {
  const { timeouts } = input;
  return {
    'grpc.max_send_message_length': input.maxMessageBytes,
    'grpc.max_receive_message_length': input.maxRequestBytes,
    // GOAWAY to a connection with no call in flight for this long; a call or stream in flight keeps it, however long.
    'grpc.max_connection_idle_ms': timeouts.idleMs,
    // Server pings find the peers that vanished while a call was open, which the idle timeout cannot see.
    'grpc.keepalive_time_ms': timeouts.keepaliveTimeMs,
    'grpc.keepalive_timeout_ms': timeouts.keepaliveTimeoutMs,
    // The first wraps grpc-js's own call, so it refuses bad framing before any other interceptor or handler sees it.
    interceptors: [
      strictFramingInterceptor,
      requestBudgetInterceptor(input.budget, input.maxRequestBytes),
      serverTimingInterceptor,
    ],
  };
}
