import { roundMicros } from '../round-micros';
import type { PhaseBreakdown } from './phases.interface';

/**
 * What set a run's wall time: the request that finished last, how long after the run started it was issued (its
 * queue: a batch capped by `concurrency` issues some requests only when others finish), and its own breakdown. The
 * run's wall time is queueMs + that request's requestMs + the run's bookkeeping after it, which wall-parts.ts keeps
 * as its own part. For a one-request run it is that request.
 */
export interface CriticalPath {
  wallMs: number;
  queueMs: number;
  phases: PhaseBreakdown;
}

/** One request of a run: when it was issued (ms after the run started) and its breakdown. */
export interface IssuedRequest {
  issuedAtMs: number;
  phases: PhaseBreakdown;
}

/** The request that finished last; null for a run without requests. */
export function criticalPathOf(wallMs: number, requests: readonly IssuedRequest[]): CriticalPath | null {
  let last: IssuedRequest | null = null;
  for (const r of requests)
    if (!last || r.issuedAtMs + r.phases.requestMs > last.issuedAtMs + last.phases.requestMs) last = r;
  return last ? { wallMs, queueMs: roundMicros(last.issuedAtMs), phases: last.phases } : null;
}
