import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { processStartTicks } from './proc-readers';
import { serverProcesses } from './server-processes';
import { ServerRestartedError } from './server-restarted.error';

/** Checks, between runs, that the processes serving a measurement's targets are the ones that served its start. */
export interface ServerWatch {
  /** Throws ServerRestartedError once one has ended; `during` names the run just finished, for the message. */
  check(during: () => string): void;
}

interface Watched {
  target: TargetInfo;
  processes: { pid: number; started: string }[];
}

/**
 * The processes that serve each target now, found as the resource probe finds them (listening on its port, with
 * their workers), each named by pid and start time so that a reused pid is not taken for the same process. A
 * check is one /proc read per process. Targets whose processes cannot be seen from here (another host, no /proc,
 * another user's) are not watched: there is nothing to compare.
 */
export function watchServers(targets: TargetInfo[]): ServerWatch {
  const byAddress = new Map(targets.map((t) => [t.serverAddress ?? t.address, t]));
  const watched: Watched[] = [];
  for (const target of byAddress.values()) {
    const processes = serverProcesses(target).pids.flatMap((pid) => {
      const started = processStartTicks(pid);
      return started === null ? [] : [{ pid, started }];
    });
    if (processes.length > 0) watched.push({ target, processes });
  }
  return {
    check(during) {
      for (const { target, processes } of watched) {
        const ended = processes.filter(({ pid, started }) => processStartTicks(pid) !== started).map((p) => p.pid);
        if (ended.length > 0) throw new ServerRestartedError(target, ended, serverProcesses(target).pids, during());
      }
    },
  };
}
