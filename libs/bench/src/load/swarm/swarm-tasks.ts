import { dockerOk } from './docker-cli';

/** One task of a level's job as `docker inspect` sees it, its node by name. */
export interface SwarmTask {
  slot: number;
  node: string;
  state: string;
  /** Swarm's error for the task (e.g. "task: non-zero exit (1)", "no suitable node ..."); '' when none. */
  err: string;
  exitCode: number | null;
}

/** States a task leaves no more (swarmkit's TaskState): done, well or not. */
export const FINAL_STATES = new Set(['complete', 'failed', 'rejected', 'shutdown', 'orphaned', 'remove']);
/** States before a task's process runs: a task still in one after the start bound never got a node, or its image. */
export const NOT_STARTED_STATES = new Set(['new', 'pending', 'assigned', 'accepted', 'preparing', 'ready']);

interface InspectedTask {
  Slot?: number;
  NodeID?: string;
  Status?: { State?: string; Err?: string; ContainerStatus?: { ExitCode?: number } };
}

/** The tasks a task inspection lists (one JSON object per line), nodes named through `nodes` (ID -> hostname). */
export function parseTasks(inspected: string, nodes: Map<string, string>): SwarmTask[] {
  return inspected
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as InspectedTask)
    .map((t) => ({
      slot: t.Slot ?? 0,
      node: t.NodeID ? (nodes.get(t.NodeID) ?? t.NodeID) : '',
      state: t.Status?.State ?? 'unknown',
      err: t.Status?.Err ?? '',
      exitCode: t.Status?.ContainerStatus?.ExitCode ?? null,
    }))
    .sort((a, b) => a.slot - b.slot);
}

/** The swarm's nodes, ID -> hostname. */
export async function swarmNodes(): Promise<Map<string, string>> {
  const out = await dockerOk(['node', 'ls', '--format', '{{.ID}} {{.Hostname}}']);
  return new Map(out.split('\n').filter(Boolean).map((l) => l.split(' ') as [string, string]));
}

/** The job's tasks now. */
export async function jobTasks(service: string, nodes: Map<string, string>): Promise<SwarmTask[]> {
  const ids = (await dockerOk(['service', 'ps', '--quiet', '--no-trunc', service])).split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  return parseTasks(await dockerOk(['inspect', '--format', '{{json .}}', ...ids]), nodes);
}
