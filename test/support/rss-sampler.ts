import { readFileSync } from 'node:fs';

/**
 * Samples processes' resident memory from /proc every `everyMs` while a test runs, so a peak between two probes
 * is seen too; `stop()` gives each pid's highest VmRSS, and the VmHWM each reports at that moment, in bytes.
 * (The client resets VmHWM before each measured run, so VmHWM alone would only cover the last run.)
 */
export class RssSampler {
  private readonly peaks = new Map<number, number>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly pids: number[],
    everyMs = 100,
  ) {
    this.timer = setInterval(() => this.sample(), everyMs);
    this.sample();
  }

  stop(): Map<number, number> {
    clearInterval(this.timer);
    this.sample();
    return new Map(this.peaks);
  }

  private sample(): void {
    for (const pid of this.pids) {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        const kb = Math.max(
          ...['VmRSS', 'VmHWM'].map((k) => Number(new RegExp(`${k}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0)),
        );
        this.peaks.set(pid, Math.max(this.peaks.get(pid) ?? 0, kb * 1024));
      } catch {
        // The process is gone; its last sample stands.
      }
    }
  }
}
