import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { foreignCpu, readMachineCpu } from '@app/bench';

const LOOK_MS = 500;
/** --quiet waits this long at most for a quiet machine before each case, then runs anyway and says so. */
export const QUIET_WAIT_MS = 30_000;

/** One half-second look at the machine: CPU other processes used (null where /proc/stat cannot be read), load. */
export interface MachineLook {
  foreignCpuCores: number | null;
  load: number;
  cores: number;
}

export async function lookAtMachine(): Promise<MachineLook> {
  const cores = availableParallelism();
  const before = readMachineCpu();
  const own = process.cpuUsage();
  const started = performance.now();
  await sleep(LOOK_MS);
  const after = readMachineCpu();
  const used = process.cpuUsage(own);
  const look = before && after ? foreignCpu(before, after, (used.user + used.system) / 1000, performance.now() - started, cores) : null;
  return { foreignCpuCores: look?.foreignCpuCores ?? null, load: loadavg()[0], cores };
}

const busy = (look: MachineLook, disturbedAbove: number) => (look.foreignCpuCores ?? 0) > disturbedAbove || look.load > look.cores;

/**
 * One line before the run when the machine is already busy: the 1-minute load average above the core count, or
 * CPU used by other processes over a half-second look above the disturbed threshold; null when it is quiet or
 * cannot be read (not Linux, where the runs' figures are absent too).
 */
export async function busyMachineLine(disturbedAbove: number, look: () => Promise<MachineLook> = lookAtMachine): Promise<string | null> {
  const seen = await look();
  if (seen.foreignCpuCores === null || !busy(seen, disturbedAbove)) return null;
  return `the machine is busy before the run: ${seen.foreignCpuCores} cores used by other processes over ${LOOK_MS} ms, load average ${seen.load.toFixed(2)} on ${seen.cores} cores; runs above ${disturbedAbove} cores of foreign CPU are marked disturbed`;
}

/**
 * --quiet: looks until other processes use at most `disturbedAbove` cores (the load average, which trails by a
 * minute, is not waited for), for `limitMs` at most; returns what to say, or null when the machine was quiet at once.
 */
export async function waitForQuiet(disturbedAbove: number, limitMs = QUIET_WAIT_MS, look: () => Promise<MachineLook> = lookAtMachine): Promise<string | null> {
  const started = Date.now();
  let seen = await look();
  if (seen.foreignCpuCores === null || seen.foreignCpuCores <= disturbedAbove) return null;
  while (Date.now() - started < limitMs) {
    seen = await look();
    if ((seen.foreignCpuCores ?? 0) <= disturbedAbove) return `waited ${((Date.now() - started) / 1000).toFixed(1)} s for a quiet machine`;
  }
  return `the machine stayed busy for ${limitMs / 1000} s (${seen.foreignCpuCores} cores used by other processes): running anyway`;
}
