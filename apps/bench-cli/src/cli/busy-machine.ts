import { LOOK_MS, lookAtMachine, type MachineLook } from '@app/bench';

const busy = (look: MachineLook, disturbedAbove: number) =>
  (look.foreignCpuCores ?? 0) > disturbedAbove || look.load > look.cores;

/**
 * One line before the run when the machine is already busy: the 1-minute load average above the core count, or
 * CPU used by other processes over a half-second look above the disturbed threshold; null when it is quiet or
 * cannot be read (not Linux, where the runs' figures are absent too).
 */
export async function busyMachineLine(
  disturbedAbove: number,
  look: () => Promise<MachineLook> = lookAtMachine,
): Promise<string | null> {
  const seen = await look();
  if (seen.foreignCpuCores === null || !busy(seen, disturbedAbove)) return null;
  return (
    `the machine is busy before the ` +
    `run: ${seen.foreignCpuCores} cores used by other processes ` +
    `over ${LOOK_MS} ms, load ` +
    `average ${seen.load.toFixed(2)} on ${seen.cores} cores; runs ` +
    `above ${disturbedAbove} cores of foreign CPU are marked disturbed`
  );
}
