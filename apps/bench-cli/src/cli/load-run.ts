import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { BenchRun } from '@app/bench';
import { UsageError } from './usage-error';

/** A saved run from its result.json, or from the run folder that holds one. */
export function loadRun(path: string): BenchRun {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, 'result.json') : path;
  let run: BenchRun;
  try {
    run = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`);
  }
  if (!run || !(Array.isArray(run.scenarios) || Array.isArray((run as unknown as { levels?: unknown }).levels)) || typeof run.id !== 'string') {
    throw new UsageError(`${file} is not a wirebench result.json (no id, scenarios or levels)`);
  }
  return run;
}
