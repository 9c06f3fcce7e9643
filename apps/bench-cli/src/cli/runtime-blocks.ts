import { pastEndOfLife, resolveRuntimes, RuntimeError, type ResolvedRuntime, type ResolveOptions } from '@app/runtimes';
import type { RuntimeAxisOptions } from './runtime-options';

/** One block's runtimes, resolved and probed: the servers start on `server.path`, the client on `client.path`. */
export interface RuntimePair {
  server: ResolvedRuntime;
  client: ResolvedRuntime;
  /** How results name it (`node22.23.3`, or `server22.23.3-client24.21.0` when split): appended to each case's name. */
  label: string;
}

/**
 * Every runtime of the axis resolved and probed (fetched unless offline) before anything runs, so a runtime that
 * cannot be had or cannot run is one RuntimeError line and exit 2, not a block that fails half way through the run.
 */
export async function resolveRuntimePairs(axis: RuntimeAxisOptions, options: ResolveOptions): Promise<RuntimePair[]> {
  const unique = (texts: string[]) => [...new Set(texts)];
  const servers = await resolveRuntimes(unique(axis.pairs.map((p) => p.server)), options);
  const clients = axis.split ? await resolveRuntimes(unique(axis.pairs.map((p) => p.client)), options) : servers;
  const bySpec = (list: ResolvedRuntime[], text: string) => list.find((r) => r.spec === text)!;
  const pairs = axis.pairs.map(({ server, client }) => {
    const pair = { server: bySpec(servers, server), client: bySpec(clients, client) };
    return { ...pair, label: runtimeLabel(pair.server, pair.client) };
  });
  for (const [i, pair] of pairs.entries()) {
    const same = pairs.findIndex((p) => p.label === pair.label);
    // Two binaries of one version would put two runtimes' figures under one name.
    if (same !== i)
      throw new RuntimeError(
        describe(axis, i),
        `reports the same node as ${describe(axis, same)} (${pair.label}): name each runtime once`,
      );
  }
  // Supported but no longer fixed: it runs, and says so once (the summary and the report mark it too).
  for (const runtime of new Set([...servers, ...clients])) {
    const eol = pastEndOfLife(runtime.nodeVersion);
    if (eol)
      options.log?.(
        `Node ${runtime.nodeVersion} ` +
          `(${runtime.spec}) is past its end of life (${eol}): it runs, but gets no fixes since`,
      );
  }
  return pairs;
}

/** The servers' and the client's versions, as results name the block: one version when both run the same binary. */
export function runtimeLabel(server: ResolvedRuntime, client: ResolvedRuntime): string {
  return server.path === client.path
    ? `node${server.nodeVersion}`
    : `server${server.nodeVersion}-client${client.nodeVersion}`;
}

function describe(axis: RuntimeAxisOptions, i: number): string {
  const { server, client } = axis.pairs[i];
  return axis.split ? `${server} (servers) with ${client} (client)` : server;
}

/**
 * The blocks of a run: each round runs every runtime once, in the order given rotated by the round (round 0: A B C,
 * round 1: B C A, ...), so no runtime always runs first (on a machine still warming) or always follows the same one.
 */
export function runtimeBlocks<T>(pairs: readonly T[], rounds: number): { round: number; pair: T }[] {
  const blocks: { round: number; pair: T }[] = [];
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < pairs.length; i++) blocks.push({ round: round + 1, pair: pairs[(i + round) % pairs.length] });
  }
  return blocks;
}

/**
 * Rounds of a run with a runtime axis: --invocations when given; else at least 2 when there are several runtimes
 * (one round would put each runtime's processes at one point in the run's time, so drift would read as the runtime).
 */
export function roundsFor(pairs: number, invocations: number, invocationsGiven: boolean): number {
  return invocationsGiven || pairs <= 1 ? invocations : Math.max(2, invocations);
}
