import * as net from 'node:net';

// Tests may reach only this machine: loopback (127.0.0.0/8, ::1) and the hosts of network namespaces the run created
// itself. Anything else may be a real host on someone's network (a "timeout" test aimed at 10.255.255.1 once was).
// Every outgoing TCP connection of a jest worker goes through net.Socket.prototype.connect: net, tls, http, https,
// http2, grpc-js and fetch (undici) alike, so the guard wraps that one method. A connection it refuses never sends a
// packet: the socket fails on the next tick, as a refused connection does, and the test fails with one line.

export const NETWORK_RULE =
  'tests may reach only loopback (127.0.0.0/8, ::1) and the network namespaces they created (allowNamespaceHosts)';

interface GuardState {
  original: typeof net.Socket.prototype.connect;
  /** Namespace hosts declared by the suite that created them, with how many declarations hold each. */
  allowed: Map<string, number>;
  /** Refusals not yet reported; the set-up's afterEach fails the test that made them. */
  violations: string[];
}

// The state lives on net.Socket.prototype, the one object every test file of a worker shares: jest gives each file a
// fresh module registry, and the `net` seen here is a per-file copy of the module's properties (esModuleInterop's
// __importStar), so state kept on it was lost between files, and each file wrapped the method once more, with an
// inner guard that knew none of the later files' namespace hosts.
const STATE = Symbol.for('wirebench.network-guard');
const WRAPPED = Symbol.for('wirebench.network-guard.wrapped');
type GuardedPrototype = { [STATE]?: GuardState };
const shared = net.Socket.prototype as unknown as GuardedPrototype;

const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');
LOOPBACK.addSubnet('::ffff:127.0.0.0', 104, 'ipv6');

/**
 * Why a connection to `host` is refused, or null when it is allowed. Hostnames other than localhost are refused before
 * any lookup.
 */
export function refusal(
  host: string,
  allowed: ReadonlyMap<string, number> = state()?.allowed ?? new Map(),
): string | null {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const family = net.isIP(bare);
  if (family === 0)
    return /^localhost\.?$/i.test(bare)
      ? null
      : `a hostname (${bare}), which would be looked up and may name another machine`;
  if (LOOPBACK.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return null;
  if (allowed.has(canonical(bare))) return null;
  return bare;
}

/** Wraps net.Socket.prototype.connect once per process; later calls only clear what an earlier test file left. */
export function installNetworkGuard(): void {
  const existing = shared[STATE];
  if (existing) {
    existing.allowed.clear();
    existing.violations.length = 0;
    return;
  }
  const original = net.Socket.prototype.connect;
  const own: GuardState = { original, allowed: new Map(), violations: [] };
  shared[STATE] = own;
  const guardedConnect = function (this: net.Socket, ...args: unknown[]) {
    const to = destination(args);
    const why = to.path === undefined ? refusal(to.host) : null;
    if (why === null) return (original as (...a: unknown[]) => net.Socket).apply(this, args);
    const line =
      `network guard: connection to ` +
      `${why}${to.port === undefined ? '' : ` port ` + `${to.port}`} refused: ${NETWORK_RULE}`;
    own.violations.push(line);
    process.nextTick(() => this.destroy(Object.assign(new Error(line), { code: 'EWIREBENCHGUARD' })));
    return this;
  };
  net.Socket.prototype.connect = Object.assign(guardedConnect, {
    [WRAPPED]: original,
  }) as unknown as typeof net.Socket.prototype.connect;
}

/** How many guards wrap net.Socket.prototype.connect: 1 once installed, in every test file of a worker. */
export function guardLayers(): number {
  let layers = 0;
  for (
    let f = net.Socket.prototype.connect as unknown as { [WRAPPED]?: unknown };
    f?.[WRAPPED];
    f = f[WRAPPED] as typeof f
  )
    layers++;
  return layers;
}

/**
 * Allows connections to these namespace hosts until the returned function is called: a suite that created a network
 * namespace declares its addresses right after creating it and releases them when it removes it.
 */
export function allowNamespaceHosts(hosts: readonly string[]): () => void {
  const allowed = state()?.allowed;
  if (!allowed) return () => undefined;
  const keys = hosts.map((h) => canonical(h.replace(/^\[(.*)\]$/, '$1')));
  for (const key of keys) allowed.set(key, (allowed.get(key) ?? 0) + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const key of keys) {
      const left = (allowed.get(key) ?? 1) - 1;
      if (left > 0) allowed.set(key, left);
      else allowed.delete(key);
    }
  };
}

/**
 * The refusals made since the last call, cleared: the set-up fails the test with them; the guard's own spec reads them.
 */
export function takeViolations(): string[] {
  const violations = state()?.violations;
  return violations ? violations.splice(0) : [];
}

function state(): GuardState | undefined {
  return shared[STATE];
}

/**
 * Where a connect(...) call goes, for each of its forms: (options[, cb]), (port[, host][, cb]), (path[, cb]), and
 * Node's normalized array.
 */
function destination(args: unknown[]): { host: string; port?: number | string; path?: string } {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first !== null && typeof first === 'object') {
    const o = first as { host?: string; port?: number | string; path?: string };
    return { host: o.host || 'localhost', port: o.port, path: o.path };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { host: 'localhost', path: first };
  return {
    host: typeof args[1] === 'string' && args[1] !== '' ? args[1] : 'localhost',
    port: first as number | string,
  };
}

/** One spelling per address, so that "::ffff:10.231.0.2" and "10.231.0.2" are the same host. */
function canonical(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  return address.toLowerCase();
}
