import { Code, ConnectError } from '@connectrpc/connect';
import type { TargetInfo } from '@app/bench';
import { TransportError, TransportFailure } from '@app/bench';
import { ClientFdLimitError } from '../client-fd-limit.error';

/**
 * A Connect code as the failure the client reports, as grpcFailure does for gRPC statuses (Connect's codes are
 * gRPC's): unavailable (no server, connection lost) and resource_exhausted (the server keeping within its memory
 * budget) apart; everything else, invalid_argument naming a limit included, is the server answering "no": a bad
 * response whose message says why, as an HTTP 400 is for the JSON transports.
 */
function connectFailure(code: Code): TransportFailure {
  if (code === Code.Unavailable) return 'unavailable';
  if (code === Code.ResourceExhausted) return 'busy';
  if (code === Code.DeadlineExceeded) return 'timeout';
  return 'bad-response';
}

// Socket errors that mean the server is not there (or went away): connect-node reports them as `internal` with the
// Node error as the cause, so the cause decides, as it does for undici's errors in JsonUndiciTransport.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

function socketCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Any failure of a connect-es call as the engine's errors: the client's own fd limit, or a TransportError naming the
 * code.
 */
export function connectTransportError(
  error: unknown,
  target: TargetInfo,
  rowsReceived?: number,
): TransportError | ClientFdLimitError {
  if (error instanceof TransportError) return error;
  const ownLimit = ClientFdLimitError.from(error, `connecting to ${target.server} at ${target.address}`);
  if (ownLimit) return ownLimit;
  const e = ConnectError.from(error);
  const code = socketCode(e.cause);
  if (code) return new TransportError('unavailable', target, code, rowsReceived);
  // `[invalid_argument] count must be ...`: Connect's own spelling of the code, then the server's words.
  return new TransportError(connectFailure(e.code), target, e.message, rowsReceived);
}
