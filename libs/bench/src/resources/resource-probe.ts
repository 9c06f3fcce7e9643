import { DEFAULTS, ServerResourcesFrom } from '@app/config';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { isAlive, processCpuMs, readPeakRss, resetPeakRss } from './proc-readers';
import { serverProcesses, shapingProxyProcesses } from './server-processes';
import { beginSelfReport, SelfReportWindow } from './server-self-report';
import { ServerWatch, watchServers } from './server-watch';
import { readServerReport, type ServerReport } from './server-runtime';
import { foreignCpu, machineBootId, readMachineCpu } from '@app/resources';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

const LIFETIME_NOTE =
  "so the figure is the process's peak since it started (marked lifetime), an upper bound of this run's";

/** Where the server's figures came from: /proc on this machine, the server's own report, or nowhere. */
export type ServerResourcesSource = 'proc' | 'server' | null;

/** What the probe measured around one run; null where it could not, with the reason in notes. */
export interface ResourceSample {
  clientCpuMs: number | null;
  serverCpuMs: number | null;
  clientPeakRssBytes: number | null;
  serverPeakRssBytes: number | null;
  /**
   * True when VmHWM could not be reset: the peak is the process's since it started, an upper bound of this window's.
   */
  clientPeakIsLifetime: boolean;
  serverPeakIsLifetime: boolean;
  /** Server processes measured: a cluster primary and its workers count separately. */
  serverProcesses: number;
  serverResourcesSource: ServerResourcesSource;
  /**
   * Whether the server's CPU was spent on this machine, so is the run's own and not noise: read from /proc here, or
   * its own report gave this machine's boot ID (another container or network namespace of this kernel). Absent when
   * no server was measured.
   */
  serverOnThisMachine?: boolean;
  /** CPU the machine spent on processes other than the run's own, in cores over the run; null off Linux. */
  foreignCpuCores: number | null;
  /** Hypervisor steal over the run, in cores; null off Linux. */
  stealCores: number | null;
  notes: string[];
}

export interface ResourceProbeOptions {
  /** auto: /proc when the server is local, else its own report; proc / server: only that (SERVER_RESOURCES_FROM). */
  from?: ServerResourcesFrom;
  /** For each call to a server's admin route or RPC. */
  timeoutMs?: number;
}

export interface ProbeOptions {
  /** Also measure this (client) process; off for load levels, whose client is a generator process of its own. */
  client?: boolean;
}

/** A window the probe is measuring; end it after the run or load window, outside its timed section. */
export interface ProbeWindow {
  end(): Promise<ResourceSample>;
}

/** Measures around each run or load window, outside its timed section. Never rejects: what fails is a note. */
export interface RunProbe {
  begin(target: TargetInfo, options?: ProbeOptions): Promise<ProbeWindow>;
  /** The processes serving these targets now, so that one that ends before the measurement does is noticed. */
  watch(targets: TargetInfo[]): ServerWatch;
  /** The server behind a target in its own words (its node and V8, its shapes' settings), asked once. */
  serverReport?(target: TargetInfo): Promise<ServerReport>;
}

/**
 * CPU time and peak RSS of this (client) process and of the server process(es) behind a target, between begin and
 * end: one bench run, or one load level's measured window.
 * Servers are found by the port they listen on, so it works whether or not wirebench started them. A server
 * that cannot be read from /proc (another host, no /proc) is asked for its own report (SERVER_RESOURCES on
 * there); where that fails too its figures are empty, with notes saying why. The result says which was used.
 */
export class ResourceProbe implements RunProbe {
  private readonly pids = new Map<string, number[]>();
  private readonly linux = process.platform === 'linux';
  private readonly from: ServerResourcesFrom;
  private readonly timeoutMs: number;

  constructor({ from = 'auto', timeoutMs = DEFAULTS.requestTimeoutMs }: ResourceProbeOptions = {}) {
    this.from = from;
    this.timeoutMs = timeoutMs;
  }

  async begin(target: TargetInfo, { client = true }: ProbeOptions = {}): Promise<ProbeWindow> {
    const notes: string[] = [];
    const servers = this.from === 'server' ? [] : this.serverPids(target, notes);
    // Asked before the client's counters start, so the request to the server is not counted as the client's work.
    const self = servers.length === 0 && this.from !== 'proc' ? await this.beginSelfReport(target, notes) : null;
    const clientCpu = process.cpuUsage();
    const clientRssReset = client && this.linux && resetPeakRss('self');
    const serverCpu = servers.map((pid) => processCpuMs(pid));
    const serverRssReset = servers.length > 0 && servers.every((pid) => resetPeakRss(pid));
    // The CLI (or whatever started this client) waits beside the run: its CPU is the run's own, not noise. So is a
    // shaping proxy's (Toxiproxy under a network profile): it carries the run's bytes.
    const parentCpu = processCpuMs(process.ppid);
    // Never a server's own process twice (a server found on the dialled address is already counted above).
    const proxies = client ? this.proxyPids(target).filter((pid) => !servers.includes(pid)) : [];
    const proxyCpu = proxies.map((pid) => processCpuMs(pid));
    const machineCpu = client ? readMachineCpu() : null;
    const wallStart = performance.now();
    // Where VmHWM cannot be reset (a container host that refuses clear_refs), the process's lifetime peak is still
    // an upper bound of this window's: kept, and flagged, rather than left out or passed off as this window's.
    if (client && this.linux && !clientRssReset)
      notes.push(`client peak RSS: cannot reset VmHWM here, ${LIFETIME_NOTE}`);
    if (servers.length > 0 && !serverRssReset)
      notes.push(`server peak RSS: cannot reset VmHWM of the server process, ${LIFETIME_NOTE}`);

    return {
      end: async (): Promise<ResourceSample> => {
        const used = process.cpuUsage(clientCpu);
        const serverCpuAfter = servers.map((pid) => processCpuMs(pid));
        const machineCpuAfter = machineCpu ? readMachineCpu() : null;
        const wallMs = performance.now() - wallStart;
        const parentCpuAfter = processCpuMs(process.ppid);
        const proxyCpuMs = proxies.reduce((sum, pid, i) => sum + cpuSince(proxyCpu[i], processCpuMs(pid)), 0);
        const serverCpuMs =
          servers.length > 0 && serverCpu.every((v) => v !== null) && serverCpuAfter.every((v) => v !== null)
            ? serverCpuAfter.reduce((sum, v, i) => sum + (v as number) - (serverCpu[i] as number), 0)
            : null;
        // A server process that ended in between cannot be read any more: its CPU is unknown, not zero.
        if (servers.length > 0 && serverCpuMs === null)
          notes.push('server CPU: a server process ended, or its /proc cannot be read');
        const serverRss = servers.map((pid) => readPeakRss(pid));
        // With several workers, the peak of their sum is not observable; the sum of their peaks bounds it.
        const serverPeak =
          servers.length > 0 && serverRss.every((v) => v !== null)
            ? serverRss.reduce((a, b) => (a as number) + (b as number), 0)
            : null;
        const clientPeak = client && this.linux ? readPeakRss('self') : null;
        const selfFigures = self ? await this.endSelfReport(self, target, notes) : null;
        // Servers on another host, or not found here, are not this machine's load: /proc-read ones are the run's, and
        // so is one that reports this machine's boot ID (another container or network namespace of this machine).
        // One rule for this run's noise and for the sample's serverOnThisMachine, which load levels read.
        const measuredCpuMs = selfFigures ? selfFigures.serverCpuMs : serverCpuMs;
        const serverHere = selfFigures ? selfFigures.onThisMachine : servers.length > 0;
        const onThisMachine = measuredCpuMs !== null ? { serverOnThisMachine: serverHere } : {};
        const serversHereCpuMs = serverHere ? (measuredCpuMs ?? 0) : 0;
        const ownCpuMs =
          (used.user + used.system) / 1000 + serversHereCpuMs + cpuSince(parentCpu, parentCpuAfter) + proxyCpuMs;
        const noise =
          machineCpu && machineCpuAfter
            ? foreignCpu(machineCpu, machineCpuAfter, ownCpuMs, wallMs, availableParallelism())
            : null;
        if (client && !noise) notes.push('foreign CPU: /proc/stat cannot be read here (Linux only)');
        const clientFigures = {
          clientCpuMs: client ? (used.user + used.system) / 1000 : null,
          clientPeakRssBytes: clientPeak,
          clientPeakIsLifetime: clientPeak !== null && !clientRssReset,
          foreignCpuCores: noise?.foreignCpuCores ?? null,
          stealCores: noise?.stealCores ?? null,
        };
        if (selfFigures) {
          const { onThisMachine: _here, ...serverFigures } = selfFigures;
          return { ...clientFigures, ...serverFigures, ...onThisMachine, notes };
        }
        return {
          ...clientFigures,
          serverCpuMs,
          serverPeakRssBytes: serverPeak,
          serverPeakIsLifetime: serverPeak !== null && !serverRssReset,
          serverProcesses: servers.length,
          serverResourcesSource: servers.length > 0 ? 'proc' : null,
          ...onThisMachine,
          notes,
        };
      },
    };
  }

  watch(targets: TargetInfo[]): ServerWatch {
    return watchServers(targets);
  }

  serverReport(target: TargetInfo): Promise<ServerReport> {
    return readServerReport(target, this.timeoutMs);
  }

  private async beginSelfReport(target: TargetInfo, notes: string[]): Promise<SelfReportWindow | null> {
    try {
      const window = await beginSelfReport(target, this.timeoutMs);
      // The /proc note said why it could not be read there; the figures are not empty after all.
      notes.length = 0;
      notes.push(
        `${target.server}: CPU and memory from the server's own report ` +
          `(${this.from === 'server' ? 'SERVER_RESOURCES_FROM=server' : 'not readable from /proc here'})`,
      );
      return window;
    } catch (error) {
      notes.push(`${target.server}: no report of its own either (${(error as Error).message})`);
      return null;
    }
  }

  private async endSelfReport(
    self: SelfReportWindow,
    target: TargetInfo,
    notes: string[],
  ): Promise<
    Pick<
      ResourceSample,
      'serverCpuMs' | 'serverPeakRssBytes' | 'serverPeakIsLifetime' | 'serverProcesses' | 'serverResourcesSource'
    > & { onThisMachine: boolean }
  > {
    // A server's own report samples rss where it cannot reset VmHWM (resource-meter.ts): never a lifetime peak.
    const none = {
      serverCpuMs: null,
      serverPeakRssBytes: null,
      serverPeakIsLifetime: false,
      serverProcesses: 0,
      serverResourcesSource: null,
      onThisMachine: false,
    };
    try {
      const report = await self.end();
      if (report.workers > 1) {
        notes.push(
          `${target.server} runs ${report.workers} workers and each reports only itself: CPU and memory left empty`,
        );
        return { ...none, serverProcesses: report.workers };
      }
      if (report.peakRssSource === 'sampled')
        notes.push(
          `${target.server}: peak RSS sampled by the server every few ms (it cannot reset VmHWM), so a short ` +
            `spike may be missed`,
        );
      if (report.overlapped)
        notes.push(
          `${target.server}: another resource window was open on the server, so its peak RSS may be higher ` +
            `than this run's`,
        );
      const bootId = machineBootId();
      return {
        serverCpuMs: report.cpuMs,
        serverPeakRssBytes: report.peakRssBytes,
        serverPeakIsLifetime: false,
        serverProcesses: 1,
        serverResourcesSource: 'server',
        onThisMachine: bootId !== null && report.bootId === bootId,
      };
    } catch (error) {
      notes.push(`${target.server}: its resource report failed (${(error as Error).message})`);
      return none;
    }
  }

  private proxyPids(target: TargetInfo): number[] {
    const key = `proxy ${target.address}`;
    let pids = this.pids.get(key);
    if (!pids || !pids.every(isAlive)) this.pids.set(key, (pids = shapingProxyProcesses(target)));
    return pids;
  }

  private serverPids(target: TargetInfo, notes: string[]): number[] {
    const key = target.serverAddress ?? target.address;
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

/** CPU ms a process used between two readings; 0 where either could not be read (it ended, or no /proc). */
function cpuSince(before: number | null | undefined, after: number | null): number {
  return before != null && after !== null ? after - before : 0;
}
