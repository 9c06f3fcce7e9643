import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { STREAM_PIECE_ROWS } from './stream-piece-rows';

/**
 * Rows a large unary reply is built in between two looks at its caller: the streams' piece, a few ms of work, so a
 * cancel or a disconnect stops the build within one piece whatever the reply's size.
 */
export const REPLY_PIECE_ROWS = STREAM_PIECE_ROWS;

/** Where one reply's build time went, summed over its pieces (ms). */
export interface PieceTimes {
  generateMs: number;
  serializeMs: number;
}

/** One piece's two steps: make rows first .. first + rows - 1 (generate), then encode them (serialize). */
export interface PieceSteps<P> {
  generate(first: number, rows: number): P;
  serialize(piece: P): void;
}

/**
 * Builds rows 0 .. count - 1 in consecutive pieces of `pieceRows`: before each piece the event loop gets a turn (where
 * a client's RST_STREAM, FIN or abort is read) and the build stops as soon as `gone()` says the caller left. Each
 * piece's generate (with the turn before it) and serialize are timed apart and summed, so the two add up to the build's
 * time, as they do for a reply built at once. Resolves the times when every piece was built, null when the caller left
 * (nothing more is done).
 */
export async function buildInPieces<P>(
  count: number,
  gone: () => boolean,
  steps: PieceSteps<P>,
  pieceRows = REPLY_PIECE_ROWS,
): Promise<PieceTimes | null> {
  const times: PieceTimes = { generateMs: 0, serializeMs: 0 };
  for (let first = 0; first < count; first += pieceRows) {
    // The turn is timed with the piece's generate: V8 finishes garbage collection the pieces caused there, which a
    // build at once paid inside its phases, so generate + serialize stay the build's whole time, not a part of it.
    let started = performance.now();
    await nextTurn();
    if (gone()) return null;
    const piece = steps.generate(first, Math.min(pieceRows, count - first));
    let now = performance.now();
    times.generateMs += now - started;
    started = now;
    steps.serialize(piece);
    now = performance.now();
    times.serializeMs += now - started;
  }
  return times;
}
