import { performance } from 'node:perf_hooks';
import { buildInPieces, type PieceSteps } from '@app/serving';

/** One reply built piece by piece: buildInPieces' steps, and the body they make once the last piece is encoded. */
export interface ReplyPieces<P, B> extends PieceSteps<P> {
  /** The whole body: the pieces' encodings put together once (one join or one concat, no copy per piece). */
  body(): B;
}

/** A reply's body and where its build time went (ms), as a one-shot build reports them. */
export interface BuiltReply<B> {
  body: B;
  generateMs: number;
  serializeMs: number;
}

/**
 * Rows 0 .. count - 1 built by `pieces` through buildInPieces (the caller checked before each piece), then put
 * together; null when the caller left first (nothing more is built). Putting the pieces together is the encoding's
 * last step, so its time counts as serialize, as the one-shot encoder's own assembly did.
 */
export async function buildReplyInPieces<P, B>(
  count: number,
  gone: () => boolean,
  pieces: ReplyPieces<P, B>,
  pieceRows?: number,
): Promise<BuiltReply<B> | null> {
  const times = await buildInPieces(count, gone, pieces, pieceRows);
  if (times === null) return null;
  const started = performance.now();
  const body = pieces.body();
  return { body, generateMs: times.generateMs, serializeMs: times.serializeMs + performance.now() - started };
}
