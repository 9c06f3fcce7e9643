import { DEFAULT_SHAPE } from '@app/shapes';
import type { ScenarioResult } from '@app/bench';
import { RESULT_SCHEMA_VERSION } from '@app/bench';

/** A parsed result.json that has passed readSavedRun's checks (an id; scenarios or levels). */
export type CheckedRun = Record<string, unknown> & { id: string; kind?: unknown; schemaVersion?: unknown };

// Version 0 -> 1: what files from before schemaVersion may lack, filled as those files meant it.
function fromVersion0(run: CheckedRun): CheckedRun {
  if (run.kind === 'load') return run;
  const scenarios = (run.scenarios as Partial<ScenarioResult>[]).map((r) => ({
    ...r,
    // Runs saved before variants measured the article's two paths, which are the variants named like their transport.
    variant: r.variant ?? r.transport,
    // And before shapes, every request carried the article's row.
    shape: r.shape ?? DEFAULT_SHAPE,
  }));
  return { ...run, kind: 'bench', scenarios };
}

/** Each step takes a run of its version to the next; a new schema version adds one step here and nothing elsewhere. */
const STEPS: ((run: CheckedRun) => CheckedRun)[] = [fromVersion0];

/**
 * A run read from any version of result.json, as the current version describes it: the one place old files are
 * made whole, so no reader needs its own "older files lack X" fallback. A file newer than this build is left as is.
 */
export function upgradeSavedRun(run: CheckedRun): CheckedRun {
  const from = typeof run.schemaVersion === 'number' ? run.schemaVersion : 0;
  const upgraded = STEPS.slice(from).reduce((r, step) => step(r), run);
  return { ...upgraded, schemaVersion: Math.max(from, RESULT_SCHEMA_VERSION) };
}
