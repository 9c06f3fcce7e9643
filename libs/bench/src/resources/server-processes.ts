import { readdirSync, readFileSync } from 'node:fs';
import type { TargetInfo } from '../transport-contract/rows-transport.interface';
import { pidsListeningOn } from './listening-pids';
import { isLoopback, targetHostPort } from './target-address';

/** Child processes, recursively: a node:cluster primary holds the port while its workers serve. */
export function descendantsOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while we looked
    }
  }
  const out: number[] = [];
  const stack = [root];
  while (stack.length > 0) {
    for (const child of children.get(stack.pop()!) ?? []) {
      out.push(child);
      stack.push(child);
    }
  }
  return out;
}

/**
 * The processes serving a target on this machine: whoever listens on its port, and their descendants (cluster
 * workers). Empty, with a note saying why, when that cannot be known from here.
 */
export function serverProcesses(target: TargetInfo): { pids: number[]; note?: string } {
  if (process.platform !== 'linux')
    return {
      pids: [],
      note: `${target.server}: CPU and memory are read from /proc, which ${process.platform} does not have`,
    };
  const { host, port } = targetHostPort(target);
  if (!isLoopback(host))
    return {
      pids: [],
      note: `${target.server} at ${target.address} is on another host: its CPU and memory cannot be read from here`,
    };
  const listeners = pidsListeningOn(port).filter((pid) => pid !== process.pid);
  if (listeners.length === 0)
    return {
      pids: [],
      note:
        `${target.server} at ` +
        `${target.address}: no process of this user listens there, so its CPU and memory cannot be read`,
    };
  return { pids: [...new Set([...listeners, ...listeners.flatMap(descendantsOf)])] };
}

/**
 * The shaping proxy in front of a target (a network profile: `address` is Toxiproxy's listener, `serverAddress` the
 * server behind it), when it runs on this machine: the processes listening on `address`. Empty without a proxy.
 */
export function shapingProxyProcesses(target: TargetInfo): number[] {
  if (process.platform !== 'linux' || !target.serverAddress || target.serverAddress === target.address) return [];
  const { host, port } = targetHostPort({ server: target.server, address: target.address });
  return isLoopback(host) ? pidsListeningOn(port).filter((pid) => pid !== process.pid) : [];
}
