import type { LoadLevelResult } from '../load/load-level.interface';
import type { RunRecord } from './bench-run.interface';

/** A whole `npm run load`: options, environment and every level x target x transport so far. */
export interface LoadRun extends RunRecord {
  kind: 'load';
  targets: Record<string, string>;
  levels: LoadLevelResult[];
}
