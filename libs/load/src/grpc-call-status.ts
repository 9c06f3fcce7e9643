import { constants } from 'node:http2';
import { status } from '@grpc/grpc-js';

/** An error whose kind (error-kind.ts) is the grpc-js status name, e.g. UNAVAILABLE. */
export function grpcError(code: status, message: string): Error & { code: status } {
  return Object.assign(new Error(message), { code });
}

/**
 * The status a gRPC client gives a response without grpc-status, from its HTTP status (gRPC's
 * http-grpc-status-mapping.md).
 */
export function statusFromHttp(httpStatus: number): status {
  switch (httpStatus) {
    case 400:
      return status.INTERNAL;
    case 401:
      return status.UNAUTHENTICATED;
    case 403:
      return status.PERMISSION_DENIED;
    case 404:
      return status.UNIMPLEMENTED;
    case 429:
    case 502:
    case 503:
    case 504:
      return status.UNAVAILABLE;
    default:
      return status.UNKNOWN;
  }
}

/** The status of a stream the server reset before any grpc-status, as grpc-js reports it. */
export function statusFromRstCode(rstCode: number): status {
  if (rstCode === constants.NGHTTP2_REFUSED_STREAM) return status.UNAVAILABLE;
  if (rstCode === constants.NGHTTP2_CANCEL) return status.CANCELLED;
  if (rstCode === constants.NGHTTP2_ENHANCE_YOUR_CALM) return status.RESOURCE_EXHAUSTED;
  return status.INTERNAL;
}

/**
 * A stream error as a failure kind: socket errors keep their code (ECONNREFUSED, ECONNRESET...), node's HTTP/2
 * session errors (GOAWAY, a destroyed session) become UNAVAILABLE as in grpc-js, so error counts read alike.
 */
export function streamError(error: Error & { code?: string }): Error {
  if (typeof error.code === 'string' && error.code.startsWith('ERR_HTTP2_'))
    return grpcError(status.UNAVAILABLE, `${error.code}: ${error.message}`);
  return error;
}
