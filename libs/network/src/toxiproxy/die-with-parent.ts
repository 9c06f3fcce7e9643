import { existsSync } from 'node:fs';

const SETPRIV = '/usr/bin/setpriv';

/**
 * The command and arguments that run `command` so that the kernel kills it when this process dies, even by
 * SIGKILL, where no exit handler runs: Linux's parent-death signal through util-linux's setpriv (which execs, so
 * the pid stays the child's). Elsewhere the command as it is; the exit handler in ToxiproxyServer still covers
 * normal exits.
 */
export function dieWithParent(command: string, args: string[]): { command: string; args: string[] } {
  if (process.platform === 'linux' && existsSync(SETPRIV)) return { command: SETPRIV, args: ['--pdeathsig', 'KILL', '--', command, ...args] };
  return { command, args };
}
