import { performance } from 'node:perf_hooks';
import { rows } from '@app/data-generator';
import type { Samples, StreamSamplesParam } from './interfaces/sample-service.interface';
import { replyPhases, StreamTotals } from './reply-phases';

/**
 * The part of a grpc-js server-streaming call (ServerWritableStream) the chunk loop uses; both servers hand theirs
 * over as is, and the unit spec a fake.
 */
export interface SamplesWritable {
  /** false once the call's buffer is full (objectMode Writable: 16 messages); 'drain' says when to go on. */
  write(message: Samples, callback: (error?: Error | null) => void): boolean;
  end(): void;
  readonly cancelled: boolean;
  once(event: 'drain' | 'cancelled' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'cancelled' | 'close', listener: () => void): unknown;
}

/** How a stream ended: all rows written, or the client went away (nothing more is generated). */
export type StreamOutcome = 'done' | 'cancelled';

/**
 * Writes rows offset .. offset + count - 1 to the call in messages of chunk_rows rows, then ends it. A chunk is
 * generated only when the call has room for it: when write() returns false, the loop waits for 'drain' before
 * generating the next one, so the server holds at most the call's buffer of chunks however many rows are asked
 * for and however slowly the client reads. A cancelled call (or one closed under it) stops the loop at once.
 *
 * Every message carries its ReplyPhases pointing at one StreamTotals: withServerPhases adds each message's encode
 * to it, the write callbacks add each message's send (encode end -> the HTTP/2 stream took the bytes), and
 * serverTimingInterceptor puts the totals in the `server-timing` trailer when the stream ends OK.
 * `param` must have passed streamSamplesProblem.
 */
export async function writeSampleChunks(call: SamplesWritable, param: StreamSamplesParam): Promise<StreamOutcome> {
  const { count, offset, chunk_rows: chunkRows } = param;
  const totals: StreamTotals = { generateMs: 0, serializeMs: 0, sendMs: 0 };
  for (let start = 0; start < count; start += chunkRows) {
    if (call.cancelled) return 'cancelled';
    const started = performance.now();
    const message: Samples = { samples: rows(Math.min(chunkRows, count - start), offset + start) };
    const phases = replyPhases(message, true)!;
    totals.generateMs += performance.now() - started;
    phases.stream = totals;
    const room = call.write(message, () => {
      if (phases.serializedAt !== undefined) totals.sendMs += performance.now() - phases.serializedAt;
    });
    // After the last chunk there is nothing to generate: end() queues behind the buffered messages.
    const more = start + chunkRows < count;
    if (!room && more && !(await roomOrCancel(call))) return 'cancelled';
  }
  if (call.cancelled) return 'cancelled';
  // A stream of no rows sends no message, so no phases reach the interceptor and its trailer has no server-timing.
  call.end();
  return 'done';
}

/** Resolves true on 'drain', false when the call is cancelled or closed first; leaves no listener behind. */
function roomOrCancel(call: SamplesWritable): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (room: boolean) => () => {
      call.off('drain', onDrain);
      call.off('cancelled', onGone);
      call.off('close', onGone);
      resolve(room);
    };
    const onDrain = settle(true);
    const onGone = settle(false);
    call.once('drain', onDrain);
    call.once('cancelled', onGone);
    call.once('close', onGone);
  });
}
