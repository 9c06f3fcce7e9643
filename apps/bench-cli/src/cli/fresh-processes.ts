import type { AppLauncher } from '@app/bootstrap';
import { UsageError } from './usage-error';

/**
 * Several invocations mean fresh server and client processes for each, which only a run that started them can
 * give: apps that already answer were started by someone else, and stopping them is not this run's to do. So with
 * K > 1 they must not be running; with K = 1 the bench uses them, as it always has.
 */
export async function requireFreshProcesses(launcher: AppLauncher, invocations: number): Promise<void> {
  if (invocations <= 1) return;
  const running = await launcher.reachable();
  if (running.length === 0) return;
  throw new UsageError(
    `--invocations ${invocations} starts fresh server and client processes for each invocation, but apps this run did not start ` +
      `already answer at their configured addresses, so it cannot restart them (${running.join(', ')}): stop them, or give --invocations 1`,
  );
}
