import { reapedChildrenCpuMs } from '@app/resources';
import type { MeasuredWindow } from '../load-level.interface';

/** An outside program's level as every engine reports it, its CPU being the program's own. */
export type OutsideWindow = MeasuredWindow & {
  verified: boolean;
  /** The program's CPU over the measured run, and over the warm-up and measured runs together. */
  programWindowCpuMs: number;
  programCpuMs: number;
};

/**
 * An outside program's warm-up run (when there is one) and then its measured run, each a process of its own, with the
 * window's edges reported around the measured one and the CPU of both read from the reaped children's counters once
 * each has ended (0 where this platform has no such counter).
 */
export async function warmThenMeasure<T>(
  warmup: (() => Promise<unknown>) | null,
  measure: () => Promise<T>,
  onWindow?: (edge: 'start' | 'end') => void,
): Promise<{ measured: T; programWindowCpuMs: number; programCpuMs: number }> {
  const cpuAtStart = reapedChildrenCpuMs();
  if (warmup) await warmup();
  const cpuBefore = reapedChildrenCpuMs();
  onWindow?.('start');
  let measured: T;
  try {
    measured = await measure();
  } finally {
    onWindow?.('end');
  }
  const cpuAfter = reapedChildrenCpuMs();
  const cpu = (a: number | null, b: number | null) => (a === null || b === null ? 0 : b - a);
  return { measured, programWindowCpuMs: cpu(cpuBefore, cpuAfter), programCpuMs: cpu(cpuAtStart, cpuAfter) };
}
