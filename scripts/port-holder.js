'use strict';
// Which of the group's addresses another process already listens on, and which process, before anything starts: a
// second `npm run start:all` says so in one line instead of starting half the apps and printing "address in use"
// for the rest.
const fs = require('node:fs');
const net = require('node:net');

/** Whether host:port can be listened on now (closed again at once). */
function isFree(host, port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** The socket inodes listening on `port`, from /proc/net/tcp and tcp6 (Linux); none elsewhere. */
function listeningInodes(port) {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  return ['/proc/net/tcp', '/proc/net/tcp6'].flatMap((file) => {
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return [];
    }
    // Columns: sl local_address rem_address st ... inode (the 10th); st 0A is LISTEN.
    return text
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((c) => c[1]?.endsWith(`:${hex}`) && c[3] === '0A')
      .map((c) => c[9]);
  });
}

/** "process 1234 (node dist/apps/...)" holding a listening socket on `port`, or null when it cannot be told. */
function holderOf(port) {
  const inodes = new Set(listeningInodes(port).map((inode) => `socket:[${inode}]`));
  if (inodes.size === 0) return null;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    let fds;
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target;
      try {
        target = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (!inodes.has(target)) continue;
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      return `process ${pid} (${cmdline.length > 80 ? `${cmdline.slice(0, 77)}...` : cmdline})`;
    }
  }
  return null;
}

/** The first of `addresses` ({ app, host, port }) that is taken, with its holder when known; null when all are free. */
async function firstTaken(addresses) {
  for (const address of addresses) {
    if (!(await isFree(address.host, address.port))) return { ...address, holder: holderOf(address.port) };
  }
  return null;
}

module.exports = { firstTaken, holderOf };
