import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEFAULT_DISTURBED_ABOVE, foreignCpu, readMachineCpu, reapedChildrenCpuMs } from '@app/resources';

/** How quiet the machine was beside one measuring process: the bench's noise figures (docs/statistics.md, Noise). */
export interface JobNoise {
  label: string;
  foreignCpuCores: number;
  stealCores: number;
}

/**
 * Runs one measuring process and reads the machine's busy time around it, less this process's CPU and the child's
 * (read once it has been reaped: its own /proc entry is gone by then). Null noise off Linux.
 */
export async function withJobNoise<T>(
  label: string,
  run: () => Promise<T>,
): Promise<{ value: T; noise: JobNoise | null }> {
  const before = readMachineCpu();
  const children = reapedChildrenCpuMs();
  const self = process.cpuUsage();
  const started = performance.now();
  const value = await run();
  const wallMs = performance.now() - started;
  const after = readMachineCpu();
  const childrenAfter = reapedChildrenCpuMs();
  const used = process.cpuUsage(self);
  if (!before || !after || children === null || childrenAfter === null) return { value, noise: null };
  const own = (used.user + used.system) / 1000 + (childrenAfter - children);
  const noise = foreignCpu(before, after, own, wallMs, availableParallelism());
  return { value, noise: noise && { label, ...noise } };
}

/**
 * One line under the timings: each measuring process's foreign CPU, and which were disturbed (above the bench's
 * default threshold), e.g. "Noise: ... row 0.01, numeric 0.35 cores ...; 1 above 0.2 of a core (numeric) ...".
 */
export function noiseLine(noises: readonly (JobNoise | null)[], disturbedAbove = DEFAULT_DISTURBED_ABOVE): string {
  if (noises.length === 0) return '';
  if (noises.some((n) => n === null)) return 'Noise: not measured (/proc/stat and /proc/self/stat are Linux only).';
  const known = noises as JobNoise[];
  const disturbed = known.filter((n) => n.foreignCpuCores > disturbedAbove);
  const each = known.map((n) => `${n.label} ${n.foreignCpuCores}`).join(', ');
  const steal = Math.max(...known.map((n) => n.stealCores));
  const verdict =
    disturbed.length === 0
      ? `none above ${disturbedAbove} of a core: quiet`
      : `${disturbed.length} above ` +
        `${disturbedAbove} of a core (${disturbed
          .map((n) => n.label)
          .join(', ')}): their figures describe the machine's other work as well`;
  return (
    `Noise: other processes used ` +
    `${each} cores beside each measuring process (from /proc/stat; steal up to ${steal}); ${verdict}.`
  );
}
