import type { LoadLevelResult } from '../load/load-level.interface';
import type { RunEnvironment } from './bench-run.interface';

/** A whole `npm run load`: options, environment and every level x target x transport so far. */
export interface LoadRun {
  kind: 'load';
  /** Folder name under bench-results/: `<UTC timestamp>-load`. */
  id: string;
  label: string | null;
  startedAt: string;
  endedAt: string | null;
  endReason: 'completed' | 'running' | 'interrupted' | 'failed';
  error: string | null;
  options: Record<string, unknown>;
  targets: Record<string, string>;
  environment: RunEnvironment;
  levels: LoadLevelResult[];
}
