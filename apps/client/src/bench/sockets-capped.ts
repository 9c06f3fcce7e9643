import type { SocketsCapped } from '@app/bench';
import type { ClientBudget } from '@app/config';

/**
 * What the reply says when a run asked for more requests in flight than its pool holds sockets: the run keeps `cap`
 * in flight (its concurrency becomes the cap), so it measured `cap` connections, not one per request as asked.
 * Undefined when nothing was held back, or the path needs one connection whatever the concurrency (HTTP/2, gRPC:
 * `cap` null).
 */
export function socketsCapped(
  run: { concurrency: number; requests: number },
  cap: number | null,
  budget: ClientBudget,
): SocketsCapped | undefined {
  const requested = Math.min(run.concurrency, run.requests);
  if (cap === null || requested <= cap) return undefined;
  const limit =
    budget.openFilesLimit === null
      ? 'an open-files limit that could not be read'
      : `its open-files limit of ${budget.openFilesLimit}`;
  return {
    requested,
    cap,
    reason:
      `the client holds at most ${cap} sockets per HTTP/1.1 pool (CLIENT_MAX_SOCKETS, derived from ${limit}): ` +
      `the run kept ${cap} requests in flight instead of ` +
      `${requested} (concurrency ${cap}), each further request starting as one ended`,
  };
}
