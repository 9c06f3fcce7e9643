import { readFileSync } from 'node:fs';

/** The machine's CPU counters from the first line of /proc/stat, in clock ticks summed over every core. */
export interface MachineCpu {
  /** user + nice + system + irq + softirq: guest time is already inside user, idle and iowait are not work. */
  busyTicks: number;
  /** Time the hypervisor gave this machine's cores to someone else. */
  stealTicks: number;
}

/** Foreign CPU, in cores, above which a measurement is disturbed unless --disturbed-above says otherwise. */
export const DEFAULT_DISTURBED_ABOVE = 0.2;

// /proc/stat counts in USER_HZ ticks, 100 per second on every Linux this runs on (as /proc/<pid>/stat).
export const MS_PER_TICK = 10;

/** The `cpu ` line of /proc/stat text; null when there is none or it is not numbers. */
export function parseMachineCpu(procStat: string): MachineCpu | null {
  const line = procStat.split('\n').find((l) => l.startsWith('cpu '));
  if (!line) return null;
  const [user, nice, system, , , irq = 0, softirq = 0, steal = 0] = line.trim().split(/\s+/).slice(1).map(Number);
  const busyTicks = user + nice + system + irq + softirq;
  if (!Number.isFinite(busyTicks) || !Number.isFinite(steal)) return null;
  return { busyTicks, stealTicks: steal };
}

/** Null off Linux or where /proc/stat cannot be read: the figures are then absent, never zero. */
export function readMachineCpu(): MachineCpu | null {
  if (process.platform !== 'linux') return null;
  try {
    return parseMachineCpu(readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/** CPU the run's own processes did not use, and steal, both in cores over the run's wall time. */
export interface ForeignCpu {
  foreignCpuCores: number;
  stealCores: number;
}

/**
 * The machine's busy time between two readings less what the run's own processes used (client, servers, the CLI
 * that waits for them), over the wall time. The machine's counters advance in whole ticks per core, so one tick per
 * core is granted to the run before anything counts as foreign: a short run is not called disturbed on rounding.
 */
export function foreignCpu(
  before: MachineCpu,
  after: MachineCpu,
  ownCpuMs: number,
  wallMs: number,
  cores: number,
): ForeignCpu | null {
  if (!(wallMs > 0)) return null;
  const busyMs = (after.busyTicks - before.busyTicks) * MS_PER_TICK;
  const foreignMs = Math.max(0, busyMs - ownCpuMs - cores * MS_PER_TICK);
  const stealMs = (after.stealTicks - before.stealTicks) * MS_PER_TICK;
  return { foreignCpuCores: round2(foreignMs / wallMs), stealCores: round2(Math.max(0, stealMs) / wallMs) };
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
