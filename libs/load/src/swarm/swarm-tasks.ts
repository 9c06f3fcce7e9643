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
/**
 * States in which a task's process runs: from here the run bound applies, before it the start bound. Named positively
 * because swarmkit has more states before a start than one list keeps up with ('allocated' sits between 'new' and
 * 'pending'; a task seen there once was taken as started and given up on "still assigned"). 'starting' is still on
 * its way: the daemon is creating and starting the container, which a loaded vfs daemon was seen to take over 37 s on
 * (CI gave up a share "still starting" under a short level's run bound).
 */
const STARTED_STATES = new Set(['running']);

/** Whether the task's process was started (it runs, or ran and ended); anything else is still on its way. */
export function hasStarted(state: string): boolean {
  return STARTED_STATES.has(state) || FINAL_STATES.has(state);
}

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
  return new Map(
    out
      .split('\n')
      .filter(Boolean)
      .map((l) => l.split(' ') as [string, string]),
  );
}

/** The job's tasks now. */
export async function jobTasks(service: string, nodes: Map<string, string>): Promise<SwarmTask[]> {
  const ids = (await dockerOk(['service', 'ps', '--quiet', '--no-trunc', service])).split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  return parseTasks(await dockerOk(['inspect', '--format', '{{json .}}', ...ids]), nodes);
}
