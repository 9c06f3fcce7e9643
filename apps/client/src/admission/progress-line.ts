import { human, ProgressSnapshot } from '@app/bench';
import { DEFAULT_SHAPE } from '@app/shapes';
import type { CallProgress } from './call-admission.service';

const PHASE_WORDS: Record<ProgressSnapshot['phase'], string> = { warmup: 'warm-up run', measure: 'measured run', wire: 'wire pass' };

/**
 * One log line for a call still running: what it fetches, where it is, how long it has run, e.g.
 * "grpc-stream single 5,000,000 rows: measured run 1/1, 2,310,000 rows so far, 31 s (GET /client/grpc/single/...)".
 */
export function progressLine({ call, forMs, progress }: CallProgress): string {
  const seconds = `${Math.round(forMs / 1000)} s`;
  // No engine run yet (validating, calibrating a network profile), or a call the engine does not run (a load level).
  if (!progress) return `${call}: still running, ${seconds}`;
  const { variant, shape, mode, rowsPerRun, phase, run, of, rowsSoFar } = progress;
  const where = phase === 'wire' ? PHASE_WORDS.wire : `${PHASE_WORDS[phase]} ${run}/${of}`;
  // The article's row goes unnamed, as in every other line that predates shapes.
  const rows = shape === DEFAULT_SHAPE ? 'rows' : `${shape} rows`;
  return `${variant} ${mode} ${human(rowsPerRun)} ${rows}: ${where}, ${human(rowsSoFar)} rows so far, ${seconds} (${call})`;
}
