import { type SavedRun } from '@app/explain';
import { RESULT_SCHEMA_VERSION } from '@app/bench';

/**
 * The whole run as is, its schema version first: a run is plain data, so JSON loses nothing and reads back with
 * JSON.parse (readSavedRun upgrades a file of an older version).
 */
export function printJson(run: SavedRun): string {
  const { schemaVersion: _read, ...rest } = run;
  return JSON.stringify({ schemaVersion: RESULT_SCHEMA_VERSION, ...rest }, null, 2);
}
