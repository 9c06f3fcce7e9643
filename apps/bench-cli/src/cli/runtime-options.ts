import { parseRuntimeSpec, RuntimeError } from '@app/runtimes';
import { UsageError } from './usage-error';

/** One block's runtimes, as the user named them: the servers run on `server`, the client on `client`. */
export interface RuntimeSpecPair {
  server: string;
  client: string;
}

/** The runtime axis as given: the pairs to run, in order, and whether fetching is forbidden. */
export interface RuntimeAxisOptions {
  pairs: RuntimeSpecPair[];
  /** --node (both sides alike) or --server-node / --client-node (split). */
  split: boolean;
  offline: boolean;
}

export interface RuntimeFlags {
  node?: string;
  serverNode?: string;
  clientNode?: string;
  offline?: boolean;
}

/**
 * --node LIST: the servers and the client on each runtime of the list. --server-node / --client-node: split, one side
 * a list and the other one runtime (the side not given is `current`), so a run compares one thing at a time (the
 * server's runtime, or the client's). Specs are checked here (a bad one is a usage error naming what is accepted);
 * whether they exist and run is for resolveRuntimes, before anything runs. Null without any of them.
 */
export function parseRuntimeOptions(flags: RuntimeFlags): RuntimeAxisOptions | null {
  const { node, serverNode, clientNode } = flags;
  const offline = flags.offline === true;
  if (node !== undefined && (serverNode !== undefined || clientNode !== undefined)) {
    throw new UsageError(
      '--node runs the servers and the client on each runtime; --server-node / --client-node split them: give ' +
        'one or the other',
    );
  }
  if (node === undefined && serverNode === undefined && clientNode === undefined) {
    if (offline)
      throw new UsageError('--offline is about fetching runtimes: give it with --node, --server-node or --client-node');
    return null;
  }
  if (node !== undefined)
    return { pairs: specList('node', node).map((spec) => ({ server: spec, client: spec })), split: false, offline };
  const servers = specList('server-node', serverNode ?? 'current');
  const clients = specList('client-node', clientNode ?? 'current');
  if (servers.length > 1 && clients.length > 1) {
    throw new UsageError(
      `--server-node and --client-node: one side may be a list, the other one runtime (got ` +
        `${servers.length} and ${clients.length}); use --node to move both together`,
    );
  }
  return { pairs: servers.flatMap((server) => clients.map((client) => ({ server, client }))), split: true, offline };
}

function specList(name: string, raw: string): string[] {
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === ''))
    throw new UsageError(`--${name} must be a comma list without empty items, got "${raw}"`);
  for (const item of items) {
    try {
      parseRuntimeSpec(item);
    } catch (error) {
      if (error instanceof RuntimeError) throw new UsageError(`--${name}: ${error.message}`);
      throw error;
    }
  }
  if (new Set(items).size !== items.length) throw new UsageError(`--${name} must name each runtime once, got "${raw}"`);
  return items;
}
