import { readFileSync } from 'node:fs';
import { request } from 'node:http';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A process's resident memory now, from /proc (bytes). */
export function rssBytes(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;
}

/** Bytes a process has read so far through read calls, sockets included (rchar in /proc/<pid>/io). */
export function bytesRead(pid: number): number {
  return Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))![1]);
}

/** utime + stime in clock ticks of 10 ms (fields 14 and 15, counted after the parenthesised command name). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * The most CPU ticks (10 ms) a server may use in a second once the caller it was working for has gone, for the
 * abuse and cancel suites: a server still building burns a core (about 100 a second, 50 with CI's other worker
 * beside it); an idle one a tick or two, plus the collection that gives the abandoned reply's memory back (up to 12
 * seen in CI on a VM with steal). A fifth of a core tells the two apart on both kinds of machine.
 */
export const IDLE_TICKS_LIMIT = 20;

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

/** How long a server takes to answer GET /samples/1 (ms), or Infinity past `timeoutMs`. */
export function probe(baseUrl: string, timeoutMs: number): Promise<number> {
  const started = Date.now();
  return new Promise((resolve) => {
    const req = request(`${baseUrl}/samples/1`, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(Date.now() - started));
    });
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      resolve(Infinity);
    });
    req.once('error', () => resolve(Infinity));
    req.end();
  });
}
