import { readFileSync } from 'node:fs';

let cached: string | null | undefined;

/**
 * This machine's kernel boot ID (/proc/sys/kernel/random/boot_id), null off Linux or where it cannot be read. Every
 * process under one kernel reads the same one, in whatever container or network namespace it runs, and no other
 * machine has it: a server that reports it is on the client's machine, its CPU the run's own, not another process's.
 */
export function machineBootId(): string | null {
  if (cached !== undefined) return cached;
  try {
    cached = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    cached = null;
  }
  return cached;
}
