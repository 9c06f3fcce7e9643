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

/** Resident set size of a live process, in bytes (VmRSS). */
export function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

/** CPU a process has used: utime + stime in clock ticks of 10 ms (fields 14 and 15, counted after the command name). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU ticks the process used in the second starting `afterMs` from now: ~100 while it works, ~0 once it stopped. */
export async function ticksInSecondAfter(pid: number, afterMs: number): Promise<number> {
  await sleep(afterMs);
  const before = cpuTicks(pid);
  await sleep(1000);
  return cpuTicks(pid) - before;
}

/** Resolves when RSS is below `bytes`, or with the last reading after `withinMs`. */
export async function rssSettles(pid: number, bytes: number, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let rss = rssBytes(pid);
  while (rss >= bytes && Date.now() < deadline) {
    await sleep(250);
    rss = rssBytes(pid);
  }
  return rss;
}
