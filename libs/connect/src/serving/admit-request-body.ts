import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { describeRefusal, isRefusal, RETRY_AFTER_S, type InflightBudget } from '@app/serving';

/** How a server bounds the request bodies its Connect routes read. */
export interface RequestBodyLimits {
  /** MAX_REQUEST_BYTES: connect-es refuses a larger message before reading it whole. */
  maxRequestBytes: number;
  /** The process's MAX_INFLIGHT_BYTES budget, which a body being read counts against; absent: not counted. */
  budget?: InflightBudget;
}

/**
 * Reserves what the request's body may hold while it is read (its Content-Length, at most MAX_REQUEST_BYTES, which is
 * all connect-es reads; the limit when the length is not declared) from the budget the replies share, and gives it
 * back when the response closes. True when the call may go on; false when the budget is full, after answering 503
 * with Retry-After (a Connect client reads that as `unavailable`, a gRPC one as UNAVAILABLE: try again later).
 */
export function admitRequestBody(
  req: IncomingMessage | Http2ServerRequest,
  res: ServerResponse | Http2ServerResponse,
  limits: RequestBodyLimits,
): boolean {
  if (!limits.budget) return true;
  const declared = Number(req.headers['content-length']);
  const bytes =
    Number.isSafeInteger(declared) && declared >= 0
      ? Math.min(declared, limits.maxRequestBytes)
      : limits.maxRequestBytes;
  if (bytes === 0) return true;
  // A body is garbage once read, but small: it does not call for a collection when the server idles.
  const outcome = limits.budget.reserve(bytes, false);
  if (isRefusal(outcome)) {
    const body = JSON.stringify({ code: 'unavailable', message: `request body: ${describeRefusal(outcome)}` });
    res.writeHead(503, {
      'content-type': 'application/json',
      'retry-after': String(RETRY_AFTER_S),
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
    return false;
  }
  res.once('close', outcome.release);
  return true;
}
