import { readFileSync, writeFileSync } from 'node:fs';

// Linux's own peak-RSS counter, shared by the engine (reading a local server from outside) and the servers' meter
// (reading themselves): both then measure the same thing the same way.

/** Resets the process's peak RSS (VmHWM) to its current RSS; false when not permitted or not Linux. */
export function resetPeakRss(pid: number | 'self'): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Peak RSS (VmHWM) since start or since the last reset, in bytes. */
export function readPeakRss(pid: number | 'self'): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}
