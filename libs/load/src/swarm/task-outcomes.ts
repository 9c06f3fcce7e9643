import type { GeneratorResult, GeneratorTask } from '../load-level.interface';
import type { SwarmTask } from './swarm-tasks';
import { TaskReportReader } from './swarm-log-protocol';

/** What came of a level's job: each share's result, or why it has none; and which node ran which slot. */
export interface JobOutcome {
  results: GeneratorResult[];
  tasks: GeneratorTask[];
}

/**
 * Each of the n shares judged from its task (as swarm last saw it, or why it was given up on) and the job's logs:
 * a share counts only when its task completed and its whole result was read back. Anything else fails the share with
 * the most precise reason there is: the task's own last word, swarm's error, or what the logs lack. `logGap`: why
 * part of the logs could not be read (a node gone), said for every share left without a result.
 */
export function taskOutcomes(
  n: number,
  tasks: SwarmTask[],
  logLines: string[],
  givenUp: Map<number, string> = new Map(),
  logGap?: string,
): JobOutcome {
  const reader = new TaskReportReader();
  const results = new Map<number, GeneratorResult>();
  const said = new Map<number, string>();
  for (const line of logLines) {
    const report = reader.read(line);
    if (report?.kind === 'result') results.set(report.share, report.payload as GeneratorResult);
    else if (report?.kind === 'failed') said.set(report.share, report.reason);
  }
  const out: JobOutcome = { results: [], tasks: [] };
  for (let slot = 0; slot < n; slot++) {
    const task = tasks.find((t) => t.slot === slot);
    const node = task?.node || '(none)';
    const state = task?.state ?? 'missing';
    const error = shareError(slot, task, results.has(slot), said.get(slot), reader.incomplete(slot), givenUp.get(slot));
    const explained = error !== null && logGap && !results.has(slot) ? `${error}; ${logGap}` : error;
    const result = explained === null ? results.get(slot)! : undefined;
    if (result) out.results.push(result);
    out.tasks.push({
      slot,
      node,
      state,
      ...(result ? { rps: shareRps(result) } : { error: explained! }),
    });
  }
  return out;
}

/** A share's successes per second over its own window, to 0.1. */
function shareRps(result: GeneratorResult): number {
  return result.windowMs > 0 ? Math.round((result.successes / result.windowMs) * 10_000) / 10 : 0;
}

function shareError(
  slot: number,
  task: SwarmTask | undefined,
  hasResult: boolean,
  said: string | undefined,
  incomplete: string | null,
  givenUp: string | undefined,
): string | null {
  if (givenUp) return givenUp;
  if (!task) return 'swarm never created its task';
  if (task.state === 'complete' && hasResult) return null;
  const swarm = [
    task.state,
    task.err,
    task.exitCode !== null && task.exitCode !== 0 ? `exit code ${task.exitCode}` : '',
  ]
    .filter(Boolean)
    .join(': ');
  if (said) return `${swarm} (${said})`;
  if (incomplete) return `${swarm}; ${incomplete}`;
  if (task.state === 'complete') return `complete, but no result in the logs for slot ${slot}`;
  return swarm;
}
