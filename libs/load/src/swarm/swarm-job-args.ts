import type { LoadLevelSpec } from '../load-level.interface';

/** The label every service a swarm load run creates carries, its value the run's id: what cleanup looks for. */
export const RUN_LABEL = 'wirebench.run';
/** The env variables a generator task reads: its slot (as swarm renders it) and every share's spec. */
export const SLOT_VARIABLE = 'WIREBENCH_TASK_SLOT';
export const SHARES_VARIABLE = 'WIREBENCH_SHARES';
// The shares travel in the service spec, which swarm keeps in its raft store and sends to every node: a level's few
// kB are nothing, but a spec is refused well below gRPC's 4 MiB message limit. Checked here with a clear error.
export const MAX_SHARES_BYTES = 256 * 1024;

export interface SwarmJobPlan {
  /** Unique per level: the run id and the level's index. */
  name: string;
  runId: string;
  image: string;
  shares: LoadLevelSpec[];
  /** --per-node K: at most K of the job's tasks on one node. */
  perNode?: number;
  /** --generator-constraint: swarm placement constraints for the tasks (node.role==worker, ...). */
  constraints?: string[];
  /** Variables every task gets (e.g. BINARY_BLOB_BYTES), besides its slot and the shares. */
  env?: Record<string, string>;
}

/**
 * `docker service create` arguments for one level: a replicated job of N tasks that all start at once, none restarted
 * (a failed share is reported, never silently rerun), on the host's network so a task reaches the servers as the
 * node itself does and its sockets are not NATed through an overlay. The image's `generator` app runs the share.
 */
export function swarmJobArgs(plan: SwarmJobPlan): string[] {
  const n = plan.shares.length;
  // base64: swarm renders every --env value as a Go template, and a spec's text must not be read as one.
  const shares = encodeShares(plan.shares);
  if (shares.length > MAX_SHARES_BYTES)
    throw new RangeError(
      `the level's ${n} shares are ` +
        `${shares.length} bytes encoded, above the ${MAX_SHARES_BYTES} a swarm service spec takes here`,
    );
  const env = { ...plan.env, [SHARES_VARIABLE]: shares };
  return [
    'service',
    'create',
    '--detach',
    '--quiet',
    '--name',
    plan.name,
    '--label',
    `${RUN_LABEL}=${plan.runId}`,
    // On the containers too: a removed job's exited containers were seen to stay behind on Docker 20.10 (each a full
    // copy of the image on a vfs daemon), so the run removes them by this label as well (removeJob).
    '--container-label',
    `${RUN_LABEL}=${plan.runId}`,
    '--mode',
    'replicated-job',
    '--replicas',
    String(n),
    '--max-concurrent',
    String(n),
    '--restart-condition',
    'none',
    '--network',
    'host',
    ...(plan.perNode === undefined ? [] : ['--replicas-max-per-node', String(plan.perNode)]),
    ...(plan.constraints ?? []).flatMap((c) => ['--constraint', c]),
    // Go template, rendered by swarm per task (see shareOfSlot for what slot 0 renders as).
    '--env',
    `${SLOT_VARIABLE}={{.Task.Slot}}`,
    ...Object.entries(env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    plan.image,
    'generator',
  ];
}

/**
 * Which share a task runs, from its slot as swarm renders it: a replicated job's slots are 0..N-1, and swarm renders
 * slot 0 as the node's ID (its convention for global services, whose tasks have no slot), so anything not a number
 * is share 0. Taken modulo N so an engine that numbers slots from 1 still gives each task a share of its own.
 */
export function shareOfSlot(rendered: string, shares: number): number {
  return /^\d+$/.test(rendered) ? Number(rendered) % shares : 0;
}

export function encodeShares(shares: LoadLevelSpec[]): string {
  return Buffer.from(JSON.stringify(shares)).toString('base64');
}

export function decodeShares(encoded: string): LoadLevelSpec[] {
  return JSON.parse(Buffer.from(encoded, 'base64').toString()) as LoadLevelSpec[];
}
