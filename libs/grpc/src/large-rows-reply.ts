import { performance } from 'node:perf_hooks';
import { buildInPieces, REPLY_PIECE_ROWS, type PieceTimes } from '@app/serving';
import type { MessageRow, Shape } from '@app/shapes';
import { replyPhases } from './reply-phases';
import { rowsPieceEncoder } from './rows-piece-encoder';
import { rowsCodec } from './samples-codec';
import type { ReplySerializer } from './samples-reply';
import { bufferOf } from './buffer-of';

/** How one reply is built piece by piece: the steps buildInPieces runs, and what is left after the last piece. */
interface PieceBuild {
  pieceRows: number;
  generate(first: number, rows: number): unknown;
  serialize(piece: unknown): void;
  /** The reply's bytes, adding the time the last steps took to `times`. */
  finish(times: PieceTimes): Buffer;
}

/**
 * rowsReply for a large reply, built and encoded in pieces that look at the call between them (buildInPieces): a
 * cancel stops the work within one piece, a few ms, at any row count. The bytes and the phases are rowsReply's
 * (generate: the rows made and prepared in the serializer's form; serialize: the encode), now summed over pieces, and
 * the reply carries its bytes already encoded (ReplyPhases.encoded) for the method's serializer to hand to grpc-js.
 * Resolves null when the caller left.
 */
export async function largeRowsReply(
  shape: Shape,
  count: number,
  sliceRows: number | null,
  serializer: ReplySerializer | null,
  gone: () => boolean,
): Promise<Record<string, object[]> | null> {
  const build = pieceBuild(shape, count, sliceRows, serializer);
  const times = await buildInPieces(count, gone, build, build.pieceRows);
  if (times === null) return null;
  const encoded = build.finish(times);
  const reply = { [shape.rowsField]: [] };
  const phases = replyPhases(reply, true)!;
  phases.generateMs = times.generateMs;
  phases.serializeMs = times.serializeMs;
  phases.encoded = encoded;
  if (sliceRows !== null) phases.sliceRows = sliceRows;
  return reply;
}

function pieceBuild(
  shape: Shape,
  count: number,
  sliceRows: number | null,
  serializer: ReplySerializer | null,
): PieceBuild {
  if (serializer) return serializerPieces(shape, count, serializer);
  return sliceRows === null ? protoLoaderPieces(shape) : slicedPieces(shape, sliceRows);
}

/** The `grpc` path: proto-loader's encode, cut at row boundaries into one writer (rowsPieceEncoder). */
function protoLoaderPieces(shape: Shape): PieceBuild {
  const encoder = rowsPieceEncoder(shape);
  return {
    pieceRows: REPLY_PIECE_ROWS,
    generate: (first, rows) => ({ [shape.rowsField]: shape.rows(rows, first) }),
    serialize: (piece) => encoder.add(piece as Record<string, object[]>),
    finish: (times) => timed(times, 'serializeMs', () => encoder.finish()),
  };
}

/**
 * `grpc-sliced`: proto-loader's encode of each slice of `sliceRows` rows, concatenated once at the end (what
 * serializeInSlices does to a whole reply). A piece is whole slices, so no slice is cut; a slice larger than a piece
 * is a piece of its own, and a cancel is seen after it.
 */
function slicedPieces(shape: Shape, sliceRows: number): PieceBuild {
  const codec = rowsCodec(shape);
  const parts: Buffer[] = [];
  let bytes = 0;
  return {
    pieceRows: sliceRows * Math.max(1, Math.floor(REPLY_PIECE_ROWS / sliceRows)),
    generate: (first, rows) => shape.rows(rows, first),
    serialize: (piece) => {
      const rows = piece as MessageRow[];
      for (let start = 0; start < rows.length; start += sliceRows) {
        const part = codec.serialize({ [shape.rowsField]: rows.slice(start, start + sliceRows) });
        parts.push(part);
        bytes += part.length;
      }
    },
    finish: (times) => timed(times, 'serializeMs', () => (parts.length === 1 ? parts[0] : Buffer.concat(parts, bytes))),
  };
}

/** A named serializer (grpc-static, grpc-es, grpc-pbf...): prepared and encoded piece by piece (its pieceEncoder). */
function serializerPieces(shape: Shape, count: number, serializer: ReplySerializer): PieceBuild {
  const encoder = serializer.pieceEncoder(count);
  return {
    pieceRows: REPLY_PIECE_ROWS,
    generate: (first, rows) => serializer.prepare(shape.rows(rows, first)),
    serialize: (piece) => encoder.add(piece),
    finish: (times) => timed(times, 'serializeMs', () => bufferOf(encoder.finish())),
  };
}

function timed<T>(times: PieceTimes, phase: keyof PieceTimes, work: () => T): T {
  const started = performance.now();
  const result = work();
  times[phase] += performance.now() - started;
  return result;
}
