import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Ports for the processes the tests start. Not the OS's pick (listen on port 0, as wirebench's own freePort does):
// that pick comes from the ephemeral range, where any outgoing connection of a running test (a 1,000-parallel case
// opens hundreds) may take the port in the second or two before the started app binds it, and two picks in a row
// may be the same port. Seen in CI as an app that "exited (code 1) before /listening on/". Instead each jest worker
// takes ports from its own block below the ephemeral range, never the same port twice, each checked free right then.

const FIRST_PORT = 10_000;
const BLOCK_SIZE = 2_000;
// Ports the Fetch standard blocks ("bad port": fetch() refuses them, undici included) that fall at or above FIRST_PORT:
// a test that fetches from an app on one fails without a request sent (seen in CI on 10080).
const FETCH_BAD_PORTS = new Set([10_080]);

/** The lowest port the kernel hands to outgoing connections (Linux: ip_local_port_range; 32768 elsewhere). */
export function ephemeralLow(rangeFile = '/proc/sys/net/ipv4/ip_local_port_range'): number {
  try {
    const low = Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 1024 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/**
 * Worker n (1-based, JEST_WORKER_ID) owns [start, end): disjoint from the other workers' blocks and from the ephemeral
 * range.
 */
export function portBlock(workerId: number, ephemeralStart: number): { start: number; end: number } {
  const blocks = Math.max(1, Math.floor((ephemeralStart - FIRST_PORT) / BLOCK_SIZE));
  const start = FIRST_PORT + ((Math.max(1, workerId) - 1) % blocks) * BLOCK_SIZE;
  return { start, end: Math.min(start + BLOCK_SIZE, ephemeralStart) };
}

const block = portBlock(Number(process.env.JEST_WORKER_ID ?? 1), ephemeralLow());
// Start at a random place in the block, so a second jest run beside this one (a developer's watch mode) rarely meets
// it.
let next = block.start + Math.floor(Math.random() * (block.end - block.start));

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port on 127.0.0.1 that nothing listens on now, that this worker has not handed out before in this block's cycle.
 */
export async function freePort(): Promise<number> {
  const size = block.end - block.start;
  for (let tries = 0; tries < size; tries++) {
    const port = next;
    next = next + 1 >= block.end ? block.start : next + 1;
    if (!FETCH_BAD_PORTS.has(port) && (await bindable(port))) return port;
  }
  throw new Error(`no free port in ${block.start}-${block.end - 1} on 127.0.0.1`);
}
