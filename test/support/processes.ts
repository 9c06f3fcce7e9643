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

/**
 * The processes whose environment holds name=value, each as "pid: command line", so a test that finds one left says
 * which (a server, a generator, some other test's process).
 */
export function processesWithEnv(name: string, value: string): string[] {
  return pidsWithEnv(name, value).map((pid) => {
    try {
      return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()}`;
    } catch {
      return `${pid}: (ended)`;
    }
  });
}
