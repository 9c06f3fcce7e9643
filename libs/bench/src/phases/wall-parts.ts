import { roundMicros } from '../round-micros';
import type { CriticalPath } from './critical-path';

/**
 * The parts a run's wall time is cut into, in the order the request that set it lived them. Each moment of the wall
 * time is in exactly one part, so the parts add up to it: `unattributed` is what no reported phase covers (the run's
 * bookkeeping after its last reply, a phase the path does not report, rounding).
 */
export const WALL_PARTS = [
  'queue',
  'generate',
  'serialize',
  'compress',
  'wait',
  'transfer',
  'decompress',
  'decode',
  'other',
  'unattributed',
] as const;

export type WallPart = (typeof WALL_PARTS)[number];

export interface WallParts {
  /** The time explained: a run's wall time (for a scenario, its median). */
  wallMs: number;
  parts: Record<WallPart, number>;
  /**
   * Server work after the first byte and client work before the last one (a stream's chunks are built, sent and
   * decoded at once): time those phases took while the transfer went on. Inside `transfer`, so not a part of its own.
   */
  overlapMs: number;
}

const zero = (): Record<WallPart, number> =>
  Object.fromEntries(WALL_PARTS.map((p) => [p, 0])) as Record<WallPart, number>;

/**
 * Fills a window with phases in order, each cut to what is left of it: a phase that ran longer than its window ran
 * while something later already went on (a stream's serialize during its transfer), and that excess is overlap.
 */
function fill(
  parts: Record<WallPart, number>,
  windowMs: number,
  phases: [WallPart, number | null][],
): { leftMs: number; overlapMs: number } {
  let left = windowMs;
  let overlap = 0;
  for (const [part, value] of phases) {
    const ms = Math.max(0, value ?? 0);
    parts[part] = Math.min(ms, left);
    left -= parts[part];
    overlap += ms - parts[part];
  }
  return { leftMs: left, overlapMs: overlap };
}

/**
 * One run's critical path -> its wall time in parts. Server phases fill the wait for the first byte (what is left of
 * it is `wait`: the request's trip, frameworks, scheduling); the body's arrival is `transfer`; client phases fill the
 * time after the last byte (what is left is `other`: the client library's plumbing).
 */
export function attributeWall(path: CriticalPath): WallParts {
  const parts = zero();
  const p = path.phases;
  const wall = path.wallMs;
  parts.queue = Math.min(Math.max(0, path.queueMs), wall);
  let overlap = 0;
  if (p.ttfbMs !== null && p.ttlbMs !== null) {
    const request = Math.max(0, wall - parts.queue);
    const ttfb = Math.min(Math.max(0, p.ttfbMs), request);
    const server = fill(parts, ttfb, [
      ['generate', p.serverGenerateMs],
      ['serialize', p.serverSerializeMs],
      ['compress', p.serverCompressMs],
    ]);
    parts.wait = server.leftMs;
    parts.transfer = Math.min(Math.max(0, p.ttlbMs - p.ttfbMs), request - ttfb);
    const after = Math.min(Math.max(0, p.requestMs - p.ttlbMs), request - ttfb - parts.transfer);
    const client = fill(parts, after, [
      ['decompress', p.clientDecompressMs],
      ['decode', p.clientDecodeMs],
    ]);
    parts.other = client.leftMs;
    overlap = server.overlapMs + client.overlapMs;
  }
  for (const part of WALL_PARTS) parts[part] = roundMicros(parts[part]);
  // Last, from the rounded parts, so that the parts add up to the wall time to the microsecond.
  parts.unattributed = roundMicros(
    wall - WALL_PARTS.reduce((sum, part) => (part === 'unattributed' ? sum : sum + parts[part]), 0),
  );
  return { wallMs: wall, parts, overlapMs: roundMicros(overlap) };
}

/** Part by part mean of several (the two middle runs of an even count); null for none. */
export function meanWallParts(all: readonly WallParts[]): WallParts | null {
  if (all.length === 0) return null;
  const mean = (f: (w: WallParts) => number) => roundMicros(all.reduce((sum, w) => sum + f(w), 0) / all.length);
  const parts = zero();
  for (const part of WALL_PARTS) if (part !== 'unattributed') parts[part] = mean((w) => w.parts[part]);
  const wallMs = mean((w) => w.wallMs);
  parts.unattributed = roundMicros(
    wallMs - WALL_PARTS.reduce((sum, part) => (part === 'unattributed' ? sum : sum + parts[part]), 0),
  );
  return { wallMs, parts, overlapMs: mean((w) => w.overlapMs) };
}
