import type { BenchRun, RunRuntimePair } from './bench-run.interface';
import type { ProcessRuntime } from './result.interface';
import { pastEndOfLife } from '@app/runtimes';

const unique = <T>(items: readonly T[]): T[] => [...new Set(items)];
/**
 * Marked where it is named, so a figure measured on a Node past its end of life (on the run's day) never reads as a
 * current one's.
 */
const named = (r: ProcessRuntime, at: string) => {
  // A Go reference server reports its Go version there (runtime.Version(), "go1.26.8") and no V8.
  if (r.nodeVersion.startsWith('go')) return `Go ${r.nodeVersion.slice(2)}`;
  const eol = pastEndOfLife(r.nodeVersion, new Date(at));
  return `Node ${r.nodeVersion} (V8 ${r.v8Version}${eol ? `, past its end of life ${eol}` : ''})`;
};

/**
 * Which node measured a run, in one line for the summary and the report: the runtimes compared (--node ...), each as
 * results name it; else the versions the client and the servers reported. Null for files from before runtimes.
 */
export function runtimesLine(run: BenchRun): string | null {
  if (run.runtimes?.length) return runtimePairsLine(run.runtimes, 'client', run.startedAt);
  const clients = unique(run.scenarios.flatMap((r) => (r.runtime ? [named(r.runtime.client, run.startedAt)] : [])));
  const servers = unique(
    run.scenarios.flatMap((r) => (r.runtime?.server ? [named(r.runtime.server, run.startedAt)] : [])),
  );
  if (clients.length === 0) return null;
  return `client ${clients.join(', ')}; servers ${
    servers.length ? servers.join(', ') : 'not reported (SERVER_RESOURCES off there)'
  }`;
}

/**
 * The runtimes a run compared, each as its results name it; `client` is what the client side is (client, generators).
 */
export function runtimePairsLine(pairs: RunRuntimePair[], client: string, at: string): string {
  return pairs
    .map(({ label, server, client: c }) =>
      server.path === c.path
        ? `${label}: servers and ${client} on ${named(c, at)}`
        : `${label}: servers on ${named(server, at)}, ${client} on ${named(c, at)}`,
    )
    .join('; ');
}
