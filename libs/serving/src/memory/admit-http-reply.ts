import { describeRefusal, InflightBudget, isRefusal, RETRY_AFTER_S } from './inflight-budget';

/** A refused HTTP reply: 503 with Retry-After while the server is busy, 400 for a reply that can never fit. */
export interface HttpRefusal {
  status: 400 | 503;
  headers: Record<string, string>;
  body: { statusCode: 400 | 503; error: string; message: string; parameter: string; limit: number };
}

/** The part of a Node response (HTTP/1.1 or HTTP/2) admission needs: it is over, one way or the other. */
export interface ClosableResponse {
  once(event: 'close', listener: () => void): unknown;
}

/**
 * Reserves `bytes` of the server's budget for one reply (unary or stream) and gives them back when the response
 * closes, sent or abandoned; or says how to refuse it. The JSON servers, Nest and bare, all admit through here.
 */
export function admitHttpReply(
  budget: InflightBudget,
  bytes: number,
  res: ClosableResponse,
  kind: 'reply' | 'stream' = 'reply',
): HttpRefusal | null {
  const outcome = budget.reserve(bytes, kind === 'reply');
  if (!isRefusal(outcome)) {
    res.once('close', outcome.release);
    return null;
  }
  const common = { message: describeRefusal(outcome), parameter: outcome.setting, limit: outcome.limitBytes };
  if (outcome.kind === 'too-large')
    return { status: 400, headers: {}, body: { statusCode: 400, error: 'Bad Request', ...common } };
  return {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_S) },
    body: { statusCode: 503, error: 'Service Unavailable', ...common },
  };
}

/**
 * Whether the client of a Node response already went away (HTTP/1.1: its socket; HTTP/2: its stream): a reply it
 * will never read is not built. Read after a turn of the event loop, so a disconnect that came in is seen.
 */
export function clientGone(res: object): boolean {
  const r = res as {
    destroyed?: boolean;
    closed?: boolean;
    socket?: { destroyed?: boolean } | null;
    stream?: { destroyed?: boolean; closed?: boolean };
  };
  if (r.stream) return Boolean(r.stream.destroyed || r.stream.closed);
  return Boolean(r.destroyed || r.closed || r.socket?.destroyed);
}
