import { status } from '@grpc/grpc-js';

/** A short, stable name for why a request failed, for the errors-by-kind counts. */
export function errorKind(error: unknown): string {
  const e = error as { code?: unknown; message?: string };
  if (typeof e?.code === 'number' && status[e.code]) return status[e.code];
  if (typeof e?.code === 'string') return e.code;
  // autocannon's own timeout is an Error with this message and no code.
  if (e?.message === 'request timed out') return 'timeout';
  return (e?.message ?? 'error').split(/[\s:]/)[0].slice(0, 40) || 'error';
}

export function isTimeoutKind(kind: string): boolean {
  return (
    kind === 'DEADLINE_EXCEEDED' || kind === 'ETIMEDOUT' || kind === 'timeout' || kind === 'UND_ERR_HEADERS_TIMEOUT'
  );
}
