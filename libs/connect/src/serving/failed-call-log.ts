import { Code, ConnectError } from '@connectrpc/connect';

/** Socket errors that say the caller is gone: what a write to a closed connection or a reset stream fails with. */
const GONE = new Set([
  'EPIPE',
  'ECONNRESET',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_HTTP2_INVALID_STREAM',
  'ERR_HTTP2_STREAM_ERROR',
]);

/** One log entry for a call whose reply could not be written. */
export interface FailedCallLog {
  level: 'warn' | 'error';
  line: string;
  /** The stack, for a failure that is the server's own (a bug), not a caller who left. */
  stack?: string;
}

/**
 * What to log for a call that failed after its handler ran, `procedure` being `sample.SampleService/GetSamples`.
 * connect-es's adapters log every such failure but a few hang-ups as `console.error(error)`: a caller who hangs up
 * mid-reply gave `ConnectError: [internal] write EPIPE` and a dozen lines of stack. A caller who left is one line
 * (what, which procedure), as the other servers treat it; anything else keeps its stack.
 */
export function failedCallLog(procedure: string, reason: unknown): FailedCallLog {
  const error = ConnectError.from(reason);
  const gone = gonePart(reason);
  if (gone !== null || error.code === Code.Aborted || error.code === Code.Canceled) {
    return {
      level: 'warn',
      line: `${procedure}: the caller went away before the reply was written (${gone ?? error.rawMessage})`,
    };
  }
  const own = reason instanceof Error ? reason : error;
  return { level: 'error', line: `${procedure} failed: ${own.message}`, stack: own.stack };
}

// The first error in the cause chain whose code says the caller is gone, as "write EPIPE"; null if none.
function gonePart(reason: unknown): string | null {
  for (let e = reason, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== undefined && GONE.has(code)) return e.message;
  }
  return null;
}
