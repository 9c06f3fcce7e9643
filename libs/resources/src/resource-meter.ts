import { servedShapes } from '@app/shapes';
import { machineBootId } from './boot-id';
import { readPeakRss, resetPeakRss } from './peak-rss';

/** What a server says about itself over one window: the same figures the engine reads from /proc for a local one. */
export interface ResourceReport {
  /** CPU time (user + sys, every thread) this process used between begin and end, ms. */
  cpuMs: number;
  /** Highest resident memory of this process during the window, bytes. */
  peakRssBytes: number;
  /** vmhwm: Linux's own counter, reset at begin (exact); sampled: rss read every few ms (may miss a short spike). */
  peakRssSource: 'vmhwm' | 'sampled';
  /** Another window was open at its start: its peak then counts from that earlier start (an upper bound). */
  overlapped: boolean;
  pid: number;
  /** Processes serving the port (SERVER_WORKERS); a report covers only the one process that answered. */
  workers: number;
  /**
   * The server machine's kernel boot ID (boot-id.ts; the Go servers send it too); empty where it cannot be read,
   * absent from builds before 2026-11-29. A client with the same one counts this CPU as the run's own, not as noise.
   */
  bootId?: string;
}

/** This process right now, for GET /admin/resources and the Resources RPC. */
export interface ResourceSnapshot {
  cpuMs: number;
  rssBytes: number;
  /** VmHWM: since start or the last window's reset; null off Linux. */
  peakRssBytes: number | null;
  openWindows: number;
  pid: number;
  workers: number;
  /**
   * This process's node and V8 (process.versions), so a run can record which runtime served it from the server's own
   * word.
   */
  nodeVersion: string;
  v8Version: string;
  /**
   * The settings this process's shapes are built with (Shape.setting: BINARY_BLOB_BYTES), so a client can refuse a
   * server whose rows would not verify before anything is timed.
   */
  shapeSettings: Record<string, number>;
}

export interface ResourceMeterOptions {
  workers?: number;
  /** How often rss is read while a sampled window is open. */
  sampleMs?: number;
  /** Windows a client began and never ended are dropped, oldest first, past this many. */
  maxWindows?: number;
  // Seams for tests: the real readers by default.
  resetPeak?: () => boolean;
  readPeak?: () => number | null;
  rss?: () => number;
}

interface OpenWindow {
  cpu: NodeJS.CpuUsage;
  vmhwm: boolean;
  peak: number;
  overlapped: boolean;
}

/**
 * CPU time and peak RSS of this process over windows a client opens and closes (around one bench run or load
 * window). On Linux the peak is VmHWM, reset when the first window opens: the kernel tracks every page, so no
 * spike is missed and it agrees with what the engine reads from /proc. Where that reset fails (another OS, a
 * read-only /proc) rss is sampled instead, by an unref'd timer that runs only while such a window is open.
 */
export class ResourceMeter {
  private readonly windows = new Map<string, OpenWindow>();
  private sampler: NodeJS.Timeout | undefined;
  private next = 1;
  private readonly resetPeak: () => boolean;
  private readonly readPeak: () => number | null;
  private readonly rss: () => number;

  constructor(private readonly options: ResourceMeterOptions = {}) {
    this.resetPeak = options.resetPeak ?? (() => resetPeakRss('self'));
    this.readPeak = options.readPeak ?? (() => readPeakRss('self'));
    this.rss = options.rss ?? (() => process.memoryUsage.rss());
  }

  begin(): { window: string } {
    const max = this.options.maxWindows ?? 16;
    while (this.windows.size >= max) this.windows.delete(this.windows.keys().next().value!);
    const overlapped = this.windows.size > 0;
    // Resetting VmHWM while another window is open would lose that window's peak so far.
    const vmhwm = overlapped ? [...this.windows.values()].every((w) => w.vmhwm) : this.resetPeak();
    const window = String(this.next++);
    this.windows.set(window, { cpu: process.cpuUsage(), vmhwm, peak: this.rss(), overlapped });
    if (!vmhwm) this.startSampler();
    return { window };
  }

  /** The window's figures, or null for a window that is not open (never begun, ended, or dropped). */
  end(window: string): ResourceReport | null {
    const open = this.windows.get(window);
    if (!open) return null;
    this.sample();
    this.windows.delete(window);
    if (![...this.windows.values()].some((w) => !w.vmhwm)) this.stopSampler();
    const used = process.cpuUsage(open.cpu);
    const hwm = open.vmhwm ? this.readPeak() : null;
    return {
      cpuMs: (used.user + used.system) / 1000,
      peakRssBytes: hwm ?? open.peak,
      peakRssSource: hwm !== null ? 'vmhwm' : 'sampled',
      overlapped: open.overlapped,
      pid: process.pid,
      workers: this.options.workers ?? 1,
      bootId: machineBootId() ?? '',
    };
  }

  snapshot(): ResourceSnapshot {
    const cpu = process.cpuUsage();
    return {
      cpuMs: (cpu.user + cpu.system) / 1000,
      rssBytes: this.rss(),
      peakRssBytes: this.readPeak(),
      openWindows: this.windows.size,
      pid: process.pid,
      workers: this.options.workers ?? 1,
      nodeVersion: process.versions.node,
      v8Version: process.versions.v8,
      shapeSettings: shapeSettings(),
    };
  }

  private sample(): void {
    const rss = this.rss();
    for (const w of this.windows.values()) if (rss > w.peak) w.peak = rss;
  }

  private startSampler(): void {
    if (this.sampler) return;
    this.sampler = setInterval(() => this.sample(), this.options.sampleMs ?? 5);
    this.sampler.unref();
  }

  private stopSampler(): void {
    clearInterval(this.sampler);
    this.sampler = undefined;
  }
}

/** Each served shape's setting (Shape.setting) by its variable: what this process's rows depend on. */
export function shapeSettings(): Record<string, number> {
  return Object.fromEntries(
    servedShapes().flatMap((shape) => (shape.setting ? [[shape.setting.variable, shape.setting.value]] : [])),
  );
}
