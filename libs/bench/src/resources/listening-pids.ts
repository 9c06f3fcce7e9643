import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const LISTEN = '0A';

/** Inodes of sockets listening on a TCP port, from /proc/net/tcp and tcp6. */
function listeningInodes(port: number): Set<string> {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[3] === LISTEN && f[1].endsWith(`:${hexPort}`)) inodes.add(f[9]);
    }
  }
  return inodes;
}

/**
 * The processes listening on a local TCP port (several when workers share it), found through their open file
 * descriptors. Only processes this user may inspect are seen; an empty list means "cannot tell".
 */
export function pidsListeningOn(port: number): number[] {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return [];
  const wanted = new Set([...inodes].map((i) => `socket:[${i}]`));
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (wanted.has(readlinkSync(`/proc/${entry}/fd/${fd}`))) {
          pids.push(Number(entry));
          break;
        }
      } catch {
        // fd closed while we looked
      }
    }
  }
  return pids;
}
