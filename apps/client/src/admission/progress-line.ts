import { human } from '@app/printers';
import { ProgressSnapshot } from '@app/bench';
import { DEFAULT_SHAPE } from '@app/shapes';
import type { CallProgress } from './call-admission.service';

const PHASE_WORDS: Record<ProgressSnapshot['phase'], string> = {
  warmup: 'warm-up run',
  measure: 'measured run',
  wire: 'wire pass',
};

/**
 * What has arrived: a stream's rows as its chunks come; a one-message reply counts only once it is in whole, so
 * those runs say how many replies are in rather than 0 rows while bytes arrive.
 */
function soFar({ streamed, rowsSoFar, repliesSoFar, requestsPerRun }: ProgressSnapshot): string {
  if (streamed) return `${human(rowsSoFar)} rows so far`;
  return (
    `${human(repliesSoFar)} of ` +
    `${human(requestsPerRun)} ${requestsPerRun === 1 ? 'reply' : 'replies'} in whole (${human(rowsSoFar)} rows)`
  );
}

/**
 * One log line for a call still running: what it fetches, where it is, how long it has run, e.g.
 * "grpc-stream single 5,000,000 rows: measured run 1/1, 2,310,000 rows so far, 31 s (GET /client/grpc/single/...)".
 */
export function progressLine({ call, forMs, progress }: CallProgress): string {
  const seconds = `${Math.round(forMs / 1000)} s`;
  // No engine run yet (validating, calibrating a network profile), or a call the engine does not run (a load level).
  if (!progress) return `${call}: still running, ${seconds}`;
  const { variant, shape, mode, rowsPerRun, phase, run, of } = progress;
  const where = phase === 'wire' ? PHASE_WORDS.wire : `${PHASE_WORDS[phase]} ${run}/${of}`;
  // The article's row goes unnamed, as in every other line that predates shapes.
  const rows = shape === DEFAULT_SHAPE ? 'rows' : `${shape} rows`;
  return `${variant} ${mode} ${human(rowsPerRun)} ${rows}: ${where}, ${soFar(progress)}, ${seconds} (${call})`;
}
