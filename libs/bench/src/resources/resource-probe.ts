import type { TargetInfo } from '../transports/rows-transport.interface';
import { isAlive, processCpuMs, readPeakRss, resetPeakRss } from './proc-readers';
import { serverProcesses } from './server-processes';

/** What the probe measured around one run; null where it could not, with the reason in notes. */
export interface ResourceSample {
  clientCpuMs: number | null;
  serverCpuMs: number | null;
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  /** Server processes measured: a cluster primary and its workers count separately. */
  serverProcesses: number;
  notes: string[];
}

export interface ProbeOptions {
  /** Also measure this (client) process; off for load levels, whose client is a generator process of its own. */
  client?: boolean;
}

/** Measures around each run or load window, outside its timed section. */
export interface RunProbe {
  begin(target: TargetInfo, options?: ProbeOptions): { end(): ResourceSample };
}

/**
 * CPU time and peak RSS of this (client) process and of the server process(es) behind a target, between begin and
 * end: one bench run, or one load level's measured window.
 * Servers are found by the port they listen on, so it works whether or not wirebench started them; a server on
 * another host, or on a system without /proc, gets empty figures and a note saying why.
 */
export class ResourceProbe implements RunProbe {
  private readonly pids = new Map<string, number[]>();
  private readonly linux = process.platform === 'linux';

  begin(target: TargetInfo, { client = true }: ProbeOptions = {}): { end(): ResourceSample } {
    const notes: string[] = [];
    const servers = this.serverPids(target, notes);
    const clientCpu = process.cpuUsage();
    const clientRssReset = client && this.linux && resetPeakRss('self');
    const serverCpu = servers.map((pid) => processCpuMs(pid));
    const serverRssReset = servers.length > 0 && servers.every((pid) => resetPeakRss(pid));
    if (client && this.linux && !clientRssReset) notes.push('client peak RSS: cannot reset VmHWM');
    if (servers.length > 0 && !serverRssReset) notes.push('server peak RSS: cannot reset VmHWM of the server process');

    return {
      end: (): ResourceSample => {
        const used = process.cpuUsage(clientCpu);
        const serverCpuAfter = servers.map((pid) => processCpuMs(pid));
        const serverCpuMs =
          servers.length > 0 && serverCpu.every((v) => v !== null) && serverCpuAfter.every((v) => v !== null)
            ? serverCpuAfter.reduce((sum, v, i) => sum + (v as number) - (serverCpu[i] as number), 0)
            : null;
        // A server process that ended in between cannot be read any more: its CPU is unknown, not zero.
        if (servers.length > 0 && serverCpuMs === null) notes.push('server CPU: a server process ended, or its /proc cannot be read');
        const serverRss = serverRssReset ? servers.map((pid) => readPeakRss(pid)) : [];
        return {
          clientCpuMs: client ? (used.user + used.system) / 1000 : null,
          serverCpuMs,
          clientPeakRssBytes: clientRssReset ? readPeakRss('self') : null,
          // With several workers, the peak of their sum is not observable; the sum of their peaks bounds it.
          serverPeakRssBytes: serverRssReset && serverRss.every((v) => v !== null) ? serverRss.reduce((a, b) => (a as number) + (b as number), 0) : null,
          serverProcesses: servers.length,
          notes,
        };
      },
    };
  }

  private serverPids(target: TargetInfo, notes: string[]): number[] {
    const key = target.address;
    let pids = this.pids.get(key);
    if (!pids || pids.length === 0 || !pids.every(isAlive)) {
      const found = serverProcesses(target);
      if (found.note) notes.push(found.note);
      pids = found.pids;
      this.pids.set(key, pids);
    }
    return pids;
  }
}
