import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './config-error';

/**
 * A folder setting that the app will write to (RESULTS_DIR): created when missing, and it must then be a directory
 * this process may write in. Checked at start-up, so a bad value is one line then, not a 500 on the first save.
 */
export function checkWritableDir(variable: string, path: string): void {
  try {
    mkdirSync(path, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      throw new ConfigError(variable, `${variable}=${path} is not a directory`);
    throw new ConfigError(variable, `${variable}=${path} cannot be created: ${describe(error)}`);
  }
  if (!statSync(path).isDirectory()) throw new ConfigError(variable, `${variable}=${path} is not a directory`);
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
  } catch (error) {
    throw new ConfigError(variable, `${variable}=${path} is not writable: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  return e.code === 'ENOTDIR'
    ? 'a part of the path is a file, not a directory'
    : e.code === 'EACCES'
      ? 'permission denied'
      : (e.code ?? e.message);
}
