import { existsSync } from 'node:fs';

const SETPRIV = '/usr/bin/setpriv';

/** What the kernel sends a launched process when its launcher dies: TERM lets an app close; KILL for helpers. */
export type ParentDeathSignal = 'TERM' | 'KILL';

/**
 * The command and arguments that run `command` so that the kernel sends it `signal` when this process dies, even
 * by SIGKILL, where no exit handler runs and a launcher cannot stop what it started: Linux's parent-death signal
 * through util-linux's setpriv, which execs, so the pid stays the child's (and `ip netns exec`, which execs too,
 * keeps it). Node spawns from its main thread, whose end is the process's, so the signal comes when the process
 * dies. Elsewhere, or without setpriv, the command as it is: the launchers' exit handlers still cover normal exits.
 */
export function dieWithParent(
  command: string,
  args: string[],
  signal: ParentDeathSignal,
  setpriv = SETPRIV,
): { command: string; args: string[] } {
  if (process.platform === 'linux' && existsSync(setpriv))
    return { command: setpriv, args: ['--pdeathsig', signal, '--', command, ...args] };
  return { command, args };
}
