import { performance } from 'node:perf_hooks';
import { DEFAULT_SHAPE, getShape, type Shape } from '@app/shapes';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';

/**
 * The unary reply both gRPC servers send for a shape (`{ [rowsField]: rows }`, the rows as proto-loader encodes
 * them, which is the form sent), with how long generating them took and the slice size (if any) recorded on the
 * reply for the serializer and the server-timing interceptor.
 */
export function rowsReply(shape: Shape, count: number, sliceRows: number | null): Record<string, object[]> {
  const started = performance.now();
  const reply = { [shape.rowsField]: shape.rows(count) };
  const phases = replyPhases(reply, true)!;
  phases.generateMs = performance.now() - started;
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
