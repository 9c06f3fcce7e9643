import { isTimeoutKind } from './error-kind';
import type { GeneratorTask, LoadLevelResult } from './load-level.interface';

/**
 * What a finished load level says: it succeeded; its only failures were timeouts while this machine (generator and
 * server sharing its cores) was at its limit, so higher levels would measure the machine; or it failed.
 */
export type LevelVerdict = { kind: 'ok' } | { kind: 'machine-limit'; text: string } | { kind: 'failed'; text: string };

// As run-load-level's flag for the generator's core: the machine's cores also wait on each other and the network, so
// a machine at its limit shows a little below all of them busy.
const BUSY_SHARE = 0.8;

// Failures that mean the server refused or dropped connections: only these ask whether it is still up.
const CONNECTION_LOST = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'UNAVAILABLE']);

const count = (n: number) => n.toLocaleString('en-US');

/**
 * "53 of 40,210 requests failed: 53 timed out (no answer within 10,000 ms)"; connection failures first, by kind, most
 * first, and then, only for those, whether the server is still up. Empty when nothing failed.
 */
export function levelFailureText(
  level: Pick<LoadLevelResult, 'requests' | 'successes' | 'errors' | 'target'>,
  timeoutMs: number,
): string {
  const failed = level.requests - level.successes;
  if (failed <= 0) return '';
  const kinds = Object.entries(level.errors).filter(([, n]) => n > 0);
  const timeouts = kinds.filter(([k]) => isTimeoutKind(k));
  // Most first: a server killed mid-level gives thousands of ECONNREFUSED and a few EPIPE, in whichever order they
  // came.
  const others = kinds
    .filter(([k]) => !isTimeoutKind(k))
    .sort(([ka, a], [kb, b]) => b - a || ka.localeCompare(kb))
    .map(([k, n]) => `${k} ${count(n)}`);
  const timedOut = timeouts.reduce((sum, [, n]) => sum + n, 0);
  // autocannon's own name says nothing more than "timed out"; gRPC's (DEADLINE_EXCEEDED) is kept for searching.
  const named = timeouts.filter(([k]) => k !== 'timeout').map(([k]) => k);
  const timeoutText =
    timedOut === 0
      ? []
      : [
          `${count(timedOut)} timed out ` +
            `(${named.length ? `${named.join(', ')}: ` : ''}no answer within ${count(timeoutMs)} ms)`,
        ];
  const lost = kinds.some(([k]) => CONNECTION_LOST.has(k));
  return (
    `${count(failed)} of ${count(level.requests)} requests failed: ${[...others, ...timeoutText].join(', ')}` +
    (lost ? `; is ${level.target.address} still up?` : '')
  );
}

/** "generator task slot 1 on node-b failed: failed: task: non-zero exit (1)". */
export function taskFailureText(task: GeneratorTask): string {
  return `generator task slot ${task.slot} on ${task.node} failed: ${task.error}`;
}

/**
 * The share of this machine's cores the generator and the server used together; null when the server is elsewhere or
 * unmeasured.
 */
function machineBusyShare(level: LoadLevelResult, cores: number): number | null {
  // Read from /proc here: the server runs on this machine, beside the generator.
  if (level.serverResourcesSource !== 'proc' || level.serverCpuMs === null || level.windowMs <= 0 || cores <= 0)
    return null;
  return (level.serverCpuMs + level.generatorWindowCpuMs) / level.windowMs / cores;
}

/**
 * The machine, not the server, was the limit when the server kept answering (some successes), every failure was a
 * timeout, and the generator had its core or generator and server together had the machine's cores.
 */
export function levelVerdict(level: LoadLevelResult, timeoutMs: number, cores: number): LevelVerdict {
  // A share that is missing makes the level's figures a part of what was asked: never a success.
  const lostShares = (level.generatorTasks ?? []).filter((t) => t.error !== undefined).map(taskFailureText);
  if (lostShares.length > 0)
    return { kind: 'failed', text: [...lostShares, levelFailureText(level, timeoutMs)].filter(Boolean).join('; ') };
  const text = levelFailureText(level, timeoutMs);
  if (text === '') return { kind: 'ok' };
  const onlyTimeouts = Object.keys(level.errors).every(isTimeoutKind);
  const busy = machineBusyShare(level, cores);
  const machineBusy = busy !== null && busy >= BUSY_SHARE;
  if (level.successes === 0 || !onlyTimeouts || !(level.generatorSaturated || machineBusy))
    return { kind: 'failed', text };
  const why = [
    `the generator at ${Math.round(level.generatorCoreShare * 100)}% of a core`,
    ...(busy === null
      ? []
      : [
          `generator and server at ${Math.round(busy * 100)}% of this machine's ${cores} core${cores === 1 ? '' : 's'}`,
        ]),
  ];
  return {
    kind: 'machine-limit',
    text: `the load generator (this machine) was the limit, not the server: ${text}, with ${why.join(' and ')}`,
  };
}
