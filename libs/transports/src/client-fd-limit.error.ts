import { readOpenFilesLimit } from '@app/config';

const FD_CODES = ['EMFILE', 'ENFILE'] as const;
// Read when the app starts: once the descriptors are gone, /proc/self/limits cannot be opened to say what they were.
const OPEN_FILES_LIMIT = readOpenFilesLimit();
type FdCode = (typeof FD_CODES)[number];

/**
 * The client itself ran out of file descriptors: EMFILE is its own open-files limit, ENFILE the system's. No
 * server did anything wrong, so this is not a TransportError ("json-server sent a bad response" would send the
 * user to the wrong process); the app answers it 503 with Retry-After, as the descriptors come back once the
 * sockets of the work in flight close.
 */
export class ClientFdLimitError extends Error {
  /** The open-files soft limit when it happened (null where it cannot be read). */
  readonly limit: number | null;

  constructor(
    readonly code: FdCode,
    /** What the client was doing, e.g. "connecting to json-server at http://127.0.0.1:3001". */
    readonly during: string,
  ) {
    const limit = OPEN_FILES_LIMIT;
    const which =
      code === 'EMFILE' ? `its limit of ${limit ?? 'unknown'} open files` : 'the system-wide limit on open files';
    super(
      `the client ran out of file descriptors ` +
        `(${code}: ${which}) while ${during}; fewer sockets at once (CLIENT_MAX_SOCKETS, ` +
        `lower concurrency, fewer calls or generators) or a higher limit (ulimit -n) would avoid it`,
    );
    this.name = 'ClientFdLimitError';
    this.limit = limit;
  }

  /** The error when `error` (or what caused it, a few levels down) is EMFILE or ENFILE; otherwise undefined. */
  static from(error: unknown, during: string): ClientFdLimitError | undefined {
    for (
      let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
      e && depth < 4;
      e = e.cause as typeof e, depth++
    ) {
      if (e instanceof ClientFdLimitError) return e;
      const code = FD_CODES.find(
        (c) => e!.code === c || (typeof e!.message === 'string' && new RegExp(`\\b${c}\\b`).test(e!.message)),
      );
      if (code) return new ClientFdLimitError(code, during);
    }
    return undefined;
  }
}
