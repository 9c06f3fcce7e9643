import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Whether `path` is a file this process may run. */
export function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * An outside engine's binary: the path its variable names (and nothing else when it is set: a wrong path is reported,
 * not worked around), then `name` on PATH, then `elsewhere` in order; null when none can run.
 */
export function findProgram(
  name: string,
  variable: string,
  env: NodeJS.ProcessEnv,
  elsewhere: () => string[] = () => [],
): string | null {
  const given = env[variable];
  if (given) return executable(given) ? given : null;
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean))
    if (executable(join(dir, name))) return join(dir, name);
  return elsewhere().find(executable) ?? null;
}
