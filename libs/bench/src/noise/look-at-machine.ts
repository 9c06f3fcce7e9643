import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { foreignCpu, readMachineCpu } from '@app/resources';

export const LOOK_MS = 500;

/** One half-second look at the machine: CPU other processes used (null where /proc/stat cannot be read), load. */
export interface MachineLook {
  foreignCpuCores: number | null;
  load: number;
  cores: number;
}

/** What this process uses while it looks is its own, not the machine's noise: the CLI or the client, both idle then. */
export async function lookAtMachine(): Promise<MachineLook> {
  const cores = availableParallelism();
  const before = readMachineCpu();
  const own = process.cpuUsage();
  const started = performance.now();
  await sleep(LOOK_MS);
  const after = readMachineCpu();
  const used = process.cpuUsage(own);
  const look =
    before && after
      ? foreignCpu(before, after, (used.user + used.system) / 1000, performance.now() - started, cores)
      : null;
  return { foreignCpuCores: look?.foreignCpuCores ?? null, load: loadavg()[0], cores };
}
