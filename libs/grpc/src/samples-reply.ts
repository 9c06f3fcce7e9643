import { performance } from 'node:perf_hooks';
import { DEFAULT_SHAPE, getShape, type MessageRow, type Shape } from '@app/shapes';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';

/** A serializer of one shape's rows message (@app/codecs' ShapeProtobufCodec, as far as a server needs it). */
export interface ReplySerializer<P = unknown> {
  /** The generator's rows in the serializer's own form: generate-side work. */
  prepare(rows: readonly MessageRow[]): P;
  encode(prepared: P): Uint8Array;
  /** The same bytes as `encode`, fed one prepared piece at a time (of `rows` in all): how a large reply is encoded. */
  pieceEncoder(rows?: number): { add(piece: P): void; finish(): Uint8Array };
}

/**
 * The unary reply both gRPC servers send for a shape (`{ [rowsField]: rows }`, the rows as proto-loader encodes
 * them, which is the form sent), with how long generating them took and the slice size (if any) recorded on the
 * reply for the serializer and the server-timing interceptor. With a `serializer` (a wirebench-serializer request)
 * the rows are prepared in its form within the generate time, and the reply carries them for the method's
 * serializer to encode with it (ReplyPhases.encodeWith) instead of proto-loader's.
 */
export function rowsReply(
  shape: Shape,
  count: number,
  sliceRows: number | null,
  serializer: ReplySerializer | null = null,
): Record<string, object[]> {
  const started = performance.now();
  const rows = shape.rows(count);
  const prepared = serializer?.prepare(rows);
  const reply = { [shape.rowsField]: serializer ? [] : rows };
  const phases = replyPhases(reply, true)!;
  phases.generateMs = performance.now() - started;
  if (serializer) phases.encodeWith = { encode: () => serializer.encode(prepared) };
  if (sliceRows !== null) {
    phases.sliceRows = sliceRows;
    phases.rowsField = shape.rowsField;
  }
  return reply;
}

/** The GetSamples reply: rowsReply of the article's row. */
export function samplesReply(count: number, sliceRows: number | null): Samples {
  return rowsReply(getShape(DEFAULT_SHAPE), count, sliceRows) as unknown as Samples;
}
