import { type SavedRun } from '@app/explain';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { upgradeSavedRun, type CheckedRun } from './upgrade-saved-run';

/** A saved run that could not be read as one, with the reason a user can act on. */
export class SavedRunError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${path}: ${reason}`);
    this.name = 'SavedRunError';
  }
}

/**
 * The run in a result.json (or in the run folder that holds one). Checks the shape every reader relies on, so a
 * half-written, hand-edited or foreign file is one clear error here instead of a TypeError somewhere later.
 * Bench runs written before runs carried `kind` are recognised by their scenarios; a file of an older schemaVersion
 * is upgraded to the current one here (upgradeSavedRun), once, for every reader.
 */
export async function readSavedRun(path: string): Promise<SavedRun> {
  let file = path;
  try {
    if ((await stat(path)).isDirectory()) file = join(path, 'result.json');
  } catch (error) {
    throw new SavedRunError(path, `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new SavedRunError(file, `cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SavedRunError(file, `not JSON (half-written?): ${(error as Error).message}`);
  }
  const run = data as { id?: unknown; kind?: unknown; scenarios?: unknown; levels?: unknown };
  if (!run || typeof run !== 'object' || Array.isArray(run))
    throw new SavedRunError(file, 'not a wirebench result.json (not an object)');
  if (typeof run.id !== 'string') throw new SavedRunError(file, 'not a wirebench result.json (no id)');
  if (run.kind === 'load') {
    if (!Array.isArray(run.levels)) throw new SavedRunError(file, 'a load run without a levels list');
  } else {
    if (run.kind !== undefined && run.kind !== 'bench')
      throw new SavedRunError(file, `unknown kind of run ${JSON.stringify(run.kind)}`);
    if (!Array.isArray(run.scenarios))
      throw new SavedRunError(file, 'not a wirebench result.json (no scenarios or levels list)');
  }
  return upgradeSavedRun(run as CheckedRun) as unknown as SavedRun;
}
