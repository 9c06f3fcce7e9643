import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { foreignCpu, readMachineCpu } from '@app/bench';

const PROBE_MS = 500;

/**
 * One line before the run when the machine is already busy: the 1-minute load average above the core count, or
 * CPU used by other processes over a half-second look above the disturbed threshold; null when it is quiet or
 * cannot be read (not Linux, where the runs' figures are absent too).
 */
export async function busyMachineLine(disturbedAbove: number): Promise<string | null> {
  const cores = availableParallelism();
  const before = readMachineCpu();
  if (!before) return null;
  const own = process.cpuUsage();
  const started = performance.now();
  await sleep(PROBE_MS);
  const after = readMachineCpu();
  const used = process.cpuUsage(own);
  const look = after ? foreignCpu(before, after, (used.user + used.system) / 1000, performance.now() - started, cores) : null;
  const load = loadavg()[0];
  if ((look?.foreignCpuCores ?? 0) <= disturbedAbove && load <= cores) return null;
  return `the machine is busy before the run: ${look?.foreignCpuCores ?? '?'} cores used by other processes over ${PROBE_MS} ms, load average ${load.toFixed(2)} on ${cores} cores; runs above ${disturbedAbove} cores of foreign CPU are marked disturbed`;
}
