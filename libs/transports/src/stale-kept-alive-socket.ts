import type { RequestOptions } from 'node:http';

/**
 * A kept-alive socket that the server closed just as the client reused it (Node's keepAliveTimeout race, likely
 * when other variants' long runs leave this one's sockets idle for seconds): the request never reached the server.
 * The close shows as ECONNRESET when the reset is read, or EPIPE when the request is written after it; on a reused
 * socket either means a GET can be retried once on a new socket, as Node's docs advise. Never on a fresh socket:
 * there the server did see the request.
 */
const STALE_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE']);

export function isStaleKeptAliveSocket(error: unknown, reusedSocket: boolean | undefined): boolean {
  return reusedSocket === true && STALE_SOCKET_CODES.has((error as { code?: string } | undefined)?.code ?? '');
}

/**
 * The retry's request options: a connection of its own, outside the agent's pool. The pool's other idle sockets may be
 * as stale as the first: after a 5 s pause (the servers' keep-alive timeout) a 1,000-request case reused the previous
 * case's 100 idle sockets as the server closed them, and a retry through the agent was handed another of them (EPIPE
 * again, the bench ended). `agent: false` is node:http's one-off connection (Connection: close).
 */
export function onFreshSocket(options: RequestOptions): RequestOptions {
  return { ...options, agent: false };
}
