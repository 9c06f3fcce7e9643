import { dockerOk } from './docker-cli';

/** One task of a level's job as `docker inspect` sees it, its node by name. */
export interface SwarmTask {
  slot: number;
  /** Its node as records name it (nodeNames). */
  node: string;
  /** Its node's ID ('' before it is assigned): what docker commands about the node take. */
  nodeId: string;
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
      nodeId: t.NodeID ?? '',
      state: t.Status?.State ?? 'unknown',
      err: t.Status?.Err ?? '',
      exitCode: t.Status?.ContainerStatus?.ExitCode ?? null,
    }))
    .sort((a, b) => a.slot - b.slot);
}

/**
 * Each node's name in records, from `docker node ls` lines "ID hostname": its hostname, unless another node has the
 * same one (nodes in network namespaces of one machine, as `npm run swarm:lab` makes, or cloned VMs): then
 * hostname/ID (the 12 characters docker prints), so the record still says which node ran what.
 */
export function nodeNames(lines: string): Map<string, string> {
  const pairs = idPairs(lines);
  const count = new Map<string, number>();
  for (const [, host] of pairs) count.set(host, (count.get(host) ?? 0) + 1);
  return new Map(pairs.map(([id, host]) => [id, count.get(host)! > 1 ? `${host}/${id.slice(0, 12)}` : host]));
}

/** The swarm's nodes, ID -> the name records give it (nodeNames). */
export async function swarmNodes(): Promise<Map<string, string>> {
  return nodeNames(await dockerOk(['node', 'ls', '--format', '{{.ID}} {{.Hostname}}']));
}

/** The IDs of the nodes swarm reports Down now (their daemon or machine gone). */
export async function downNodes(): Promise<Set<string>> {
  const out = await dockerOk(['node', 'ls', '--format', '{{.ID}} {{.Status}}']);
  return new Set(
    idPairs(out)
      .filter(([, state]) => state === 'Down')
      .map(([id]) => id),
  );
}

/** `docker node ls --format '{{.ID}} {{.X}}'` lines as [ID, X] pairs. */
function idPairs(lines: string): [string, string][] {
  return lines
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ') as [string, string]);
}

/** The job's tasks now. */
export async function jobTasks(service: string, nodes: Map<string, string>): Promise<SwarmTask[]> {
  const ids = (await dockerOk(['service', 'ps', '--quiet', '--no-trunc', service])).split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  return parseTasks(await dockerOk(['inspect', '--format', '{{json .}}', ...ids]), nodes);
}
