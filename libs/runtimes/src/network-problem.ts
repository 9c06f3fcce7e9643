/**
 * Why a fetch() failed, in words a user can act on: undici says only "fetch failed" and keeps the reason (a refused
 * connection, an unknown host, a certificate it cannot verify, a timeout) in `cause`.
 */
export function networkProblem(error: unknown): string {
  const outer = error as Error & { cause?: Error & { code?: string } };
  if (outer.name === 'TimeoutError') return 'timed out';
  const cause = outer.cause;
  if (!cause) return outer.message;
  return [outer.message, cause.code, cause.message]
    .filter((part, i, all) => part && all.indexOf(part) === i)
    .join(': ');
}
