import { performance } from 'node:perf_hooks';
import { rows } from '@app/data-generator';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';

/**
 * The GetSamples reply both gRPC servers send: the shared generator's rows, with how long generating them took and
 * the slice size (if any) recorded on the reply for the serializer and the server-timing interceptor.
 */
export function samplesReply(count: number, sliceRows: number | null): Samples {
  const started = performance.now();
  const reply: Samples = { samples: rows(count) };
  const phases = replyPhases(reply, true)!;
  phases.generateMs = performance.now() - started;
  if (sliceRows !== null) phases.sliceRows = sliceRows;
  return reply;
}
