import { ConfigError } from '@app/config';

/**
 * The one-line, non-zero exit for a process that cannot start: a bad setting (exit 2) or an address that
 * cannot be listened on (exit 1). Anything else is unexpected and keeps its stack.
 */
export function exitOnStartupError(app: string, error: unknown): never {
  const e = error as NodeJS.ErrnoException & { address?: string; port?: number };
  if (error instanceof ConfigError) {
    process.stderr.write(`${app}: ${error.message}\n`);
    process.exit(2);
  }
  if (e && (e.code === 'EADDRINUSE' || e.code === 'EACCES' || e.code === 'EADDRNOTAVAIL')) {
    process.stderr.write(`${app}: cannot listen on ${listenTarget(e)}: ${describeListenError(e.code)}\n`);
    process.exit(1);
  }
  // grpc-js reports a failed bind as a plain Error that quotes the listen error.
  const bind =
    typeof e?.message === 'string'
      ? /(?:listen|bind) (EADDRINUSE|EACCES|EADDRNOTAVAIL):? [^\]]*?(\S+)\]/.exec(e.message)
      : null;
  if (bind) {
    process.stderr.write(`${app}: cannot listen on ${bind[2]}: ${describeListenError(bind[1])}\n`);
    process.exit(1);
  }
  process.stderr.write(`${app}: failed to start: ${e?.stack ?? String(error)}\n`);
  process.exit(1);
}

function listenTarget(e: { address?: string; port?: number }): string {
  if (e.address === undefined) return 'its address';
  return e.address.includes(':') ? `[${e.address}]:${e.port}` : `${e.address}:${e.port}`;
}

function describeListenError(code: string): string {
  if (code === 'EADDRINUSE') return 'address already in use';
  if (code === 'EACCES') return 'permission denied';
  return 'address not available on this machine';
}
