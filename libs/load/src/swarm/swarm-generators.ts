import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { RunCancelledError } from '@app/bench';
import type { GeneratorLauncher } from '../generator-launcher';
import type { LoadLevelSpec } from '../load-level.interface';
import { DOCKER, docker, dockerOk } from './docker-cli';
import { RUN_LABEL, swarmJobArgs } from './swarm-job-args';
import { TaskReportReader } from './swarm-log-protocol';
import { downNodes, FINAL_STATES, hasStarted, jobTasks, SwarmTask, swarmNodes } from './swarm-tasks';
import { taskOutcomes } from './task-outcomes';

export interface SwarmGeneratorsOptions {
  /** Names the run's services and labels them (RUN_LABEL): unique per run. */
  runId: string;
  image: string;
  perNode?: number;
  /** Swarm placement constraints for the tasks. */
  constraints?: string[];
  /** A task not running this long after the job was created never will (no node with room, no image there). */
  startTimeoutMs: number;
  /** Variables every task gets (BINARY_BLOB_BYTES). */
  env?: Record<string, string>;
  pollMs?: number;
}

// Each poll is two docker client runs (a Go binary each) and work for the manager's daemon: on a one-node swarm that is
// CPU taken from the server under load, so seldom. The window's edges come from the log follower, not from polls;
// a poll only notices that tasks ended, a second or two late at most.
const POLL_MS = 2_000;

/** When a running share should be done: its warm-up and window, and time to start and report. */
function expectedMs(spec: LoadLevelSpec): number {
  return spec.warmupMs + (spec.requests ? 60_000 : spec.durationMs) + 10_000;
}

/** How long a level's job may take once its tasks run: as a local generator process's bound. */
function runLimitMs(spec: LoadLevelSpec): number {
  return spec.warmupMs + (spec.requests ? 600_000 : spec.durationMs * 2) + 30_000;
}

/**
 * `--hosts swarm`: each level's shares as one replicated job of the workbench image (swarm-job-args.ts), the tasks'
 * window edges followed through `docker service logs` as they happen (for the server probe), their states polled,
 * and once every task is done (or given up on) the results read back from the whole log and judged per share
 * (task-outcomes.ts). The job is removed in every case: done, failed, aborted, and at process exit.
 */
export function swarmGenerators(options: SwarmGeneratorsOptions): GeneratorLauncher {
  let level = 0;
  return async (parts, onWindow, signal) => {
    if (signal?.aborted) throw new RunCancelledError('before the load level started');
    const name = `wirebench-gen-${options.runId}-${++level}`;
    const nodes = await swarmNodes();
    const removeNow = () => removeRunNow(options.runId, [name]);
    // A second Ctrl-C exits at once (stopOnSignal): the job must not outlive the CLI then either.
    process.on('exit', removeNow);
    let follower: ReturnType<typeof spawn> | undefined;
    try {
      await dockerOk(
        swarmJobArgs({
          name,
          runId: options.runId,
          image: options.image,
          shares: parts,
          perNode: options.perNode,
          constraints: options.constraints,
          env: options.env,
        }),
      );
      const created = Date.now();
      follower = followEdges(name, onWindow);
      const givenUp = new Map<number, string>();
      let tasks: SwarmTask[] = [];
      // Each share's own clock: when its task started. A daemon creates containers one after another (tens of
      // seconds each on vfs), so one share may still be preparing while another has run: the first is judged by the
      // start bound, the second by the run bound from its own start, never by another share's.
      const startedAt = new Map<number, number>();
      for (;;) {
        if (signal?.aborted) throw new RunCancelledError(`during the load level at ${parts[0].target.address}`);
        tasks = await jobTasks(name, nodes);
        const now = Date.now();
        // A task past its share's expected end may be on a node that died: swarm keeps showing it "running" there.
        // Asked only then (one more docker call per poll), so a dead node costs seconds, not the whole run bound.
        const overdue = tasks.some(
          (t) => t.state === 'running' && now - (startedAt.get(t.slot) ?? now) > expectedMs(parts[t.slot]),
        );
        const down = overdue ? await downNodes() : new Set<string>();
        for (let slot = 0; slot < parts.length; slot++) {
          const task = tasks.find((t) => t.slot === slot);
          if (task && hasStarted(task.state) && !startedAt.has(slot)) startedAt.set(slot, now);
          if (givenUp.has(slot) || (task && FINAL_STATES.has(task.state))) continue;
          // Judged by the state it is in now: a task not (or no longer seen as) started is held to the start bound
          // only (CI once gave up a share "still preparing" under the run bound).
          const since = task && hasStarted(task.state) ? startedAt.get(slot) : undefined;
          if (since === undefined && now - created > options.startTimeoutMs) {
            givenUp.set(
              slot,
              `did not start ` +
                `within ${options.startTimeoutMs / 1000} s: ` +
                `${
                  task ? [task.state, task.err].filter(Boolean).join(': ') : 'no task created'
                }${task?.node ? ` on ${task.node}` : ''}`,
            );
          } else if (since !== undefined && task && down.has(task.nodeId)) {
            givenUp.set(slot, `its node ${task.node} is down (swarm lost it while the task ran)`);
          } else if (since !== undefined && now - since > runLimitMs(parts[slot])) {
            givenUp.set(slot, `still ${task?.state} after ${runLimitMs(parts[slot]) / 1000} s on ${task?.node}`);
          }
        }
        if (
          Array.from(
            { length: parts.length },
            (_, slot) => givenUp.has(slot) || FINAL_STATES.has(tasks.find((t) => t.slot === slot)?.state ?? ''),
          ).every(Boolean)
        )
          break;
        await sleep(options.pollMs ?? POLL_MS);
      }
      const logs = await jobLogs(name);
      return taskOutcomes(parts.length, tasks, logs.lines, givenUp, logs.gap);
    } finally {
      follower?.kill();
      await docker(['service', 'rm', name]);
      await removeRunContainers(options.runId);
      process.off('exit', removeNow);
    }
  };
}

/**
 * The job's whole log, read once every task is done: what counts, whatever the follower saw or missed. A node that
 * went away (its daemon or machine died) makes docker return the other nodes' logs and then fail with "incomplete
 * log stream ... node X is not available": those logs are kept, and the gap is returned to be named as the cause of
 * the shares that have no result (the other shares still count).
 */
async function jobLogs(name: string): Promise<{ lines: string[]; gap?: string }> {
  const out = await docker(['service', 'logs', '--raw', name], 120_000);
  if (out.code === 0) return { lines: out.stdout.split('\n') };
  const last = out.stderr.trim().split('\n').pop() ?? `exit ${out.code}`;
  if (!/incomplete log stream/.test(out.stderr)) throw new Error(`docker service logs failed: ${last}`);
  const unavailable = /some logs could not be retrieved[^:]*:\s*(.*)$/.exec(last)?.[1] ?? last;
  return { lines: out.stdout.split('\n'), gap: `its logs could not be read: ${unavailable}` };
}

/** Follows the job's logs for window edges: each share's start and end, once each, as they are written. */
function followEdges(name: string, onWindow: (edge: 'start' | 'end') => void): ReturnType<typeof spawn> {
  const child = spawn(DOCKER, ['service', 'logs', '--raw', '--follow', name], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
  });
  child.on('error', () => undefined);
  const reader = new TaskReportReader();
  const seen = new Set<string>();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const report = reader.read(line);
    if (report?.kind !== 'window' || seen.has(`${report.share} ${report.edge}`)) return;
    seen.add(`${report.share} ${report.edge}`);
    onWindow(report.edge);
  });
  return child;
}

/**
 * Synchronous, for a process 'exit' hook (a second Ctrl-C exits at once): the named services, then the run's task
 * containers on this node (a removed service's containers were seen to stay on Docker 20.10), by the same settle rule
 * as removeRunContainers: the agent removes a removed service's containers on its own clock, and CI saw two still
 * listed right after a single look and `rm --force` here. The generators' job and the servers' services
 * (--swarm-servers) both use it.
 */
export function removeRunNow(runId: string, services: string[]): void {
  if (services.length > 0) spawnSync(DOCKER, ['service', 'rm', ...services], { stdio: 'ignore', timeout: 30_000 });
  const deadline = Date.now() + SETTLE_BOUND_MS;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    const ids = (
      spawnSync(DOCKER, ['ps', '--all', '--quiet', '--filter', `label=${RUN_LABEL}=${runId}`], {
        encoding: 'utf8',
        timeout: 30_000,
      }).stdout ?? ''
    )
      .split('\n')
      .filter(Boolean);
    quiet = ids.length === 0 ? quiet + 1 : 0;
    if (ids.length > 0) spawnSync(DOCKER, ['rm', '--force', ...ids], { stdio: 'ignore', timeout: 60_000 });
    // An exit hook cannot await: block the thread for the pause between looks.
    if (quiet < 2) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, SETTLE_LOOK_MS);
  }
}

/** Removes every service still labelled with the run's id (a run's last act, whatever happened to its levels). */
export async function removeRunServices(runId: string): Promise<void> {
  const ids = (await docker(['service', 'ls', '--quiet', '--filter', `label=${RUN_LABEL}=${runId}`])).stdout
    .split('\n')
    .filter(Boolean);
  if (ids.length > 0) await docker(['service', 'rm', ...ids]);
  await removeRunContainers(runId);
}

/**
 * The run's task containers on this node, until none is listed. Swarm should remove them with their service, but on
 * Docker 20.10 a removed job's exited containers stayed (tens of GB on a vfs daemon within an hour of tests); and the
 * node's agent removes them on its own clock, so a container can still be listed ("removal in progress", or created
 * late) after one `rm --force` (CI saw one after a run had ended). So: remove what is listed, and look again, until
 * two looks a second apart find none, at most SETTLE_BOUND_MS. Other nodes' are their agents' to remove: the CLI
 * reaches only this daemon.
 */
async function removeRunContainers(runId: string): Promise<void> {
  const deadline = Date.now() + SETTLE_BOUND_MS;
  for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
    const ids = (await docker(['ps', '--all', '--quiet', '--filter', `label=${RUN_LABEL}=${runId}`])).stdout
      .split('\n')
      .filter(Boolean);
    quiet = ids.length === 0 ? quiet + 1 : 0;
    if (ids.length > 0) await docker(['rm', '--force', ...ids], 120_000);
    if (quiet < 2) await sleep(SETTLE_LOOK_MS);
  }
}

const SETTLE_LOOK_MS = 1_000;
const SETTLE_BOUND_MS = 30_000;

/** An id for a run's services: short, unique enough on one swarm, and valid in a service name. */
export function swarmRunId(): string {
  return `${Date.now().toString(36)}${process.pid.toString(36)}`;
}
