import { readFileSync } from 'node:fs';
import { MS_PER_TICK } from './machine-cpu';

/**
 * CPU time (user + sys) of this process's children that have ended and been reaped, in ms; null off Linux.
 * A child's own /proc entry is gone by the time node reports its exit, so this is how its CPU is read whole.
 */
export function reapedChildrenCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // cutime and cstime are fields 16 and 17 of stat; after "pid (comm) " they are at 13 and 14.
    return (Number(fields[13]) + Number(fields[14])) * MS_PER_TICK;
  } catch {
    return null;
  }
}
