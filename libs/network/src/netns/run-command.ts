import { spawnSync } from 'node:child_process';

/** An `ip` or `tc` invocation that failed; the message is the command line and what it printed. */
export class NetnsCommandError extends Error {
  constructor(
    readonly argv: string[],
    readonly stderr: string,
  ) {
    super(`${argv.join(' ')}: ${stderr.trim() || 'failed'}`);
    this.name = 'NetnsCommandError';
  }
}

// Each call is one netlink request; seconds mean the system is stuck, not slow.
const TIMEOUT_MS = 10_000;

/**
 * Runs a command and returns its stdout, or throws NetnsCommandError. Synchronous on purpose: set-up is a handful
 * of millisecond calls, and the clean-up must also work inside a process 'exit' handler, where nothing async runs.
 */
export function runCommand(argv: string[]): string {
  const result = spawnSync(argv[0], argv.slice(1), {
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.error) throw new NetnsCommandError(argv, result.error.message);
  if (result.status !== 0) throw new NetnsCommandError(argv, result.stderr || `exit ${result.status ?? result.signal}`);
  return result.stdout;
}

/** Like runCommand, but a failure is an answer (false), e.g. deleting what may already be gone. */
export function tryCommand(argv: string[]): boolean {
  try {
    runCommand(argv);
    return true;
  } catch {
    return false;
  }
}
