import type { BenchRun, RunRuntimePair } from './bench-run.interface';
import type { ProcessRuntime } from './result.interface';

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
const named = (r: ProcessRuntime) => `Node ${r.nodeVersion} (V8 ${r.v8Version})`;

/**
 * Which node measured a run, in one line for the summary and the report: the runtimes compared (--node ...), each as
 * results name it; else the versions the client and the servers reported. Null for files from before runtimes.
 */
export function runtimesLine(run: BenchRun): string | null {
  if (run.runtimes?.length) return runtimePairsLine(run.runtimes, 'client');
  const clients = unique(run.scenarios.flatMap((r) => (r.runtime ? [named(r.runtime.client)] : [])));
  const servers = unique(run.scenarios.flatMap((r) => (r.runtime?.server ? [named(r.runtime.server)] : [])));
  if (clients.length === 0) return null;
  return `client ${clients.join(', ')}; servers ${servers.length ? servers.join(', ') : 'not reported (SERVER_RESOURCES off there)'}`;
}

/** The runtimes a run compared, each as its results name it; `client` is what the client side is (client, generators). */
export function runtimePairsLine(pairs: RunRuntimePair[], client: string): string {
  return pairs
    .map(({ label, server, client: c }) => (server.path === c.path ? `${label}: servers and ${client} on ${named(c)}` : `${label}: servers on ${named(server)}, ${client} on ${named(c)}`))
    .join('; ');
}
