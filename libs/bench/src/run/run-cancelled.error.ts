/**
 * The caller went away (its AbortSignal fired), so the measurement stopped before its next run or request.
 * Not a failure of a server: nobody is waiting for an answer, and no partial numbers are kept.
 */
export class RunCancelledError extends Error {
  constructor(readonly where: string) {
    super(`measurement cancelled ${where}`);
    this.name = 'RunCancelledError';
  }
}

/** Throws RunCancelledError when the signal has fired; `where` says how far the measurement got. */
export function throwIfCancelled(signal: AbortSignal | undefined, where: () => string): void {
  if (signal?.aborted) throw new RunCancelledError(where());
}
