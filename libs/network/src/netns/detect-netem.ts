import { processPrefix } from './netns-names';
import { runCommand, tryCommand } from './run-command';

/** Whether the kernel has the netem qdisc, and what the probe saw (the error when it has not). */
export interface NetemSupport {
  available: boolean;
  detail: string;
}

let cached: NetemSupport | undefined;

/**
 * Asks the kernel rather than guessing from its version or config: adds a netem qdisc to the `lo` of a throwaway
 * namespace (never a link anyone uses) and removes it. The answer cannot change while we run, so it is kept.
 */
export function detectNetem(): NetemSupport {
  if (cached) return cached;
  const probe = `${processPrefix()}netem`;
  runCommand(['ip', 'netns', 'add', probe]);
  try {
    runCommand(['tc', '-n', probe, 'qdisc', 'add', 'dev', 'lo', 'root', 'netem', 'delay', '1ms']);
    cached = { available: true, detail: 'netem qdisc added and removed on a probe namespace' };
  } catch (error) {
    // "Specified qdisc kind is unknown." when sch_netem is neither built in nor loadable.
    cached = { available: false, detail: (error as Error).message };
  } finally {
    tryCommand(['ip', 'netns', 'del', probe]);
  }
  return cached;
}
