import { readdirSync, readFileSync } from 'node:fs';

export { readPeakRss, resetPeakRss } from '@app/resources';

// Linux /proc readers. Each returns null when the figure cannot be read (another OS, another user's process,
// a process that just ended), and the caller reports the cell as empty with a reason instead of guessing.

const NS_PER_MS = 1e6;
// /proc/<pid>/stat counts in clock ticks; 100 per second on every Linux this runs on.
const TICKS_PER_MS = 100 / 1000;

/**
 * CPU time (user + sys) of every thread of a process, in ms. schedstat counts nanoseconds, where stat's clock
 * ticks (10 ms) would be too coarse for runs of a few milliseconds; stat is the fallback.
 */
export function processCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    }
    if (Number.isFinite(ns)) return ns / NS_PER_MS;
  } catch {
    // fall through to stat
  }
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat; after "pid (comm) " they are at 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_MS;
  } catch {
    return null;
  }
}

/**
 * When a process started, in clock ticks since boot (field 22 of /proc/<pid>/stat): with the pid it names one
 * process for good, where a pid alone may be handed to a new process once the old one has ended. Null once it ended.
 */
export function processStartTicks(pid: number): string | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // After "pid (comm) " field 3 (state) is at 0, so field 22 is at 19; a zombie has ended as far as serving goes.
    return fields[0] === 'Z' ? null : (fields[19] ?? null);
  } catch {
    return null;
  }
}

export function isAlive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}
