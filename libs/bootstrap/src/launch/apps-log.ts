import { createWriteStream, WriteStream } from 'node:fs';

/**
 * The one file every launched app's stdout and stderr are piped into (a run's apps.log). A file that can no longer
 * be written (ENOSPC: a full disk) must not end the run that owns it: an unhandled 'error' on this stream would
 * crash the bench and leave its apps running. `onLost` is told once; the apps' output goes on being read.
 */
export function openAppsLog(file: string, apps: number, onLost: (error: NodeJS.ErrnoException) => void): WriteStream {
  const log = createWriteStream(file, { flags: 'a' });
  // Every app pipes its stdout and its stderr into it, and each pipe listens on it (close, finish, error, ...):
  // Node's default bound of 10 listeners warned of a leak from the sixth app on. Two pipes an app, plus this
  // function's own listeners on the same events (error, unpipe).
  log.setMaxListeners(Math.max(10, apps * 2 + 1));
  // A pipe lets go of a file that failed (it unpipes, and so pauses its app's output): the app's output is resumed,
  // so an app that writes more than a pipe holds does not hang on it.
  log.on('unpipe', (source: NodeJS.ReadableStream) => {
    if (log.errored) source.resume();
  });
  let lost = false;
  log.on('error', (error: NodeJS.ErrnoException) => {
    if (lost) return;
    lost = true;
    onLost(error);
  });
  return log;
}

/** The line a run prints when its apps' log is lost: what happened, and that the run goes on. */
export function appsLogLostText(file: string, error: NodeJS.ErrnoException): string {
  return (
    `wirebench: ${file} can no longer be written ` +
    `(${error.code ?? error.message}): the apps' output is not kept there from now on; the run goes on`
  );
}
