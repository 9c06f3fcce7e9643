import { readdirSync, readFileSync } from 'node:fs';

/** PIDs of live processes whose environment holds `NAME=value` (Linux /proc), to prove nothing was left behind. */
export function pidsWithEnv(name: string, value: string): number[] {
  const needle = `${name}=${value}`;
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const vars = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0];
      if (vars.includes(needle) && state !== 'Z') pids.push(Number(entry));
    } catch {
      // The process ended while we looked, or is not ours to read.
    }
  }
  return pids;
}

/** Peak resident set size of a live process, in bytes (VmHWM). */
export function peakRssBytes(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmHWM for ${pid}`);
  return Number(match[1]) * 1024;
}
