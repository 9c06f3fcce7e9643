import type { TargetInfo } from '../transports/rows-transport.interface';
import { isAlive, processCpuMs, readPeakRss, resetPeakRss } from './proc-readers';
import { serverProcesses } from './server-processes';

/** What the probe measured around one run; null where it could not, with the reason in notes. */
export interface ResourceSample {
  clientCpuMs: number | null;
  serverCpuMs: number | null;
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  notes: string[];
}

/** Measures around each run, outside its timed section. */
export interface RunProbe {
  begin(target: TargetInfo): { end(): ResourceSample };
}

/**
 * CPU time and peak RSS of this (client) process and of the server process(es) behind the plan's target, per run.
 * Servers are found by the port they listen on, so it works whether or not wirebench started them; a server on
 * another host, or on a system without /proc, gets empty figures and a note saying why.
 */
export class ResourceProbe implements RunProbe {
  private readonly pids = new Map<string, number[]>();
  private readonly linux = process.platform === 'linux';

  begin(target: TargetInfo): { end(): ResourceSample } {
    const notes: string[] = [];
    const servers = this.serverPids(target, notes);
    const clientCpu = process.cpuUsage();
    const clientRssReset = this.linux && resetPeakRss('self');
    const serverCpu = servers.map((pid) => processCpuMs(pid));
    const serverRssReset = servers.length > 0 && servers.every((pid) => resetPeakRss(pid));
    if (this.linux && !clientRssReset) notes.push('client peak RSS: cannot reset VmHWM');
    if (servers.length > 0 && !serverRssReset) notes.push('server peak RSS: cannot reset VmHWM of the server process');

    return {
      end: (): ResourceSample => {
        const used = process.cpuUsage(clientCpu);
        const serverCpuAfter = servers.map((pid) => processCpuMs(pid));
        const serverCpuMs =
          servers.length > 0 && serverCpu.every((v) => v !== null) && serverCpuAfter.every((v) => v !== null)
            ? serverCpuAfter.reduce((sum, v, i) => sum + (v as number) - (serverCpu[i] as number), 0)
            : null;
        if (servers.length > 0 && serverCpuMs === null) notes.push('server CPU: /proc of the server process cannot be read');
        const serverRss = serverRssReset ? servers.map((pid) => readPeakRss(pid)) : [];
        return {
          clientCpuMs: (used.user + used.system) / 1000,
          serverCpuMs,
          clientPeakRssBytes: clientRssReset ? readPeakRss('self') : null,
          // With several workers, the peak of their sum is not observable; the sum of their peaks bounds it.
          serverPeakRssBytes: serverRssReset && serverRss.every((v) => v !== null) ? serverRss.reduce((a, b) => (a as number) + (b as number), 0) : null,
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
