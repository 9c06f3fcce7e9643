import type { AppLauncher, ServingAppName } from '@app/bootstrap';
import { UsageError } from './usage-error';

/**
 * Several invocations mean fresh server and client processes for each, which only a run that started them can
 * give: apps that already answer were started by someone else, and stopping them is not this run's to do. So with
 * K > 1 they must not be running; with K = 1 the bench uses them, as it always has.
 */
export async function requireFreshProcesses(
  launcher: AppLauncher,
  invocations: number,
  runtimes = false,
): Promise<void> {
  if (invocations <= 1 && !runtimes) return;
  const running = await launcher.reachable();
  if (running.length === 0) return;
  // The runtime axis starts the apps on each runtime: apps found running run on whatever node started them.
  if (runtimes) {
    throw new UsageError(
      `--node / --server-node / --client-node start the servers and the client on each runtime, but apps this ` +
        `run did not start ` +
        `already answer at their configured addresses (${running.join(', ')}): stop them, or set other ports`,
    );
  }
  throw new UsageError(
    `--invocations ${invocations} starts fresh server and client processes for each invocation, but apps this ` +
      `run did not start ` +
      `already answer at their configured addresses, so it cannot restart them ` +
      `(${running.join(', ')}): stop them, or give --invocations 1`,
  );
}

/**
 * The user's message (--proto ...) reaches the apps through the settings this run starts them with; apps that already
 * answer were started without them, or with another message, and would refuse `user` or serve something else.
 */
export async function requireOwnAppsForUserShape(launcher: AppLauncher, withUserShape: boolean): Promise<void> {
  if (!withUserShape) return;
  const running = await launcher.reachable();
  if (running.length === 0) return;
  throw new UsageError(
    `--proto starts the servers and the client with your message, but apps this run did not start already ` +
      `answer at their configured addresses (${running.join(', ')}): stop them, or set other ports`,
  );
}

/**
 * --blob-bytes reaches the apps through the setting this run starts them with (BINARY_BLOB_BYTES); apps that already
 * answer were started with whatever they were, and a client and server that disagree generate other `binary` rows.
 */
export async function requireOwnAppsForBlobBytes(launcher: AppLauncher, blobBytes: number | null): Promise<void> {
  if (blobBytes === null) return;
  const running = await launcher.reachable();
  if (running.length === 0) return;
  throw new UsageError(
    `--blob-bytes starts the servers and the client with ` +
      `BINARY_BLOB_BYTES=${blobBytes}, but apps this run did not start already answer at their configured ` +
      `addresses (${running.join(', ')}): stop them, or set other ports`,
  );
}

/**
 * npm run load --node ...: the servers the levels load are started on each runtime in turn; one already answering
 * runs on whatever node started it, and its levels would be filed under a runtime it does not run.
 */
export async function requireOwnServersForRuntimes(
  launcher: AppLauncher,
  servers: ServingAppName[],
  runtimes: boolean,
): Promise<void> {
  if (!runtimes) return;
  const running = await launcher.reachable(servers);
  if (running.length === 0) return;
  throw new UsageError(
    `--node / --server-node / --client-node start the servers this run loads on each runtime, but servers ` +
      `this run did not start ` +
      `already answer at their configured addresses (${running.join(', ')}): stop them, or set other ports`,
  );
}
