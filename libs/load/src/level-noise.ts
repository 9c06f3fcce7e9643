import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEFAULT_DISTURBED_ABOVE, isDisturbed } from '@app/bench';
import { foreignCpu, MachineCpu, readMachineCpu } from '@app/resources';

/** The machine's CPU counters and this process's CPU over a level's measured window, read at its edges. */
export interface MachineWindowReading {
  before: MachineCpu;
  after: MachineCpu;
  /** This process (the CLI that drives the level): its CPU is the run's own. */
  selfCpuMs: number;
  wallMs: number;
}

export interface MachineWindow {
  /** Read once, at the window's end edge; later calls keep the first reading. */
  end(): void;
  /** Null before end(), or where /proc/stat cannot be read (off Linux). */
  reading(): MachineWindowReading | null;
}

/** Opened at the level's start edge, with the server probe, so both cover the same window. */
export function openMachineWindow(): MachineWindow {
  const before = readMachineCpu();
  const selfCpu = process.cpuUsage();
  const started = performance.now();
  let reading: MachineWindowReading | null = null;
  let ended = false;
  return {
    end() {
      if (ended) return;
      ended = true;
      const after = readMachineCpu();
      const used = process.cpuUsage(selfCpu);
      if (before && after)
        reading = { before, after, selfCpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - started };
    },
    reading: () => reading,
  };
}

/**
 * How quiet the machine was beside one load level: the same figures and rule as a bench run's (docs/statistics.md,
 * Noise).
 */
export interface LevelNoise {
  /**
   * CPU of processes other than the level's own (this CLI, its generators here, its servers read from /proc), in cores.
   */
  foreignCpuCores: number;
  stealCores: number;
  disturbed: boolean;
  disturbedAbove: number;
}

/**
 * The level's noise from the window's reading and the CPU its own other processes used in it (the generators that ran
 * on this machine, the servers read from /proc here). Null where the machine could not be read.
 */
export function levelNoise(
  reading: MachineWindowReading | null,
  othersOwnCpuMs: number,
  disturbedAbove = DEFAULT_DISTURBED_ABOVE,
  cores = availableParallelism(),
): LevelNoise | null {
  if (!reading) return null;
  const noise = foreignCpu(reading.before, reading.after, reading.selfCpuMs + othersOwnCpuMs, reading.wallMs, cores);
  return noise ? { ...noise, disturbed: isDisturbed(noise.foreignCpuCores, disturbedAbove), disturbedAbove } : null;
}
