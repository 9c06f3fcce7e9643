import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { reclaimWhenIdle, STREAM_PIECE_ROWS } from '@app/serving';
import { DEFAULT_SHAPE, getShape, type MessageRow, type Shape } from '@app/shapes';
import type { StreamSamplesParam } from './interfaces/sample-service.interface';
import { preEncodedReply, replyPhases, StreamTotals } from './reply-phases';
import { rowsCodec } from './samples-codec';
import { maxProtoRowBytes } from './row-bytes';
import type { ReplySerializer } from './samples-reply';
import { bufferOf } from './buffer-of';

/**
 * The part of a grpc-js server-streaming call (ServerWritableStream) the chunk loop uses; both servers hand theirs
 * over as is, and the unit spec a fake.
 */
export interface SamplesWritable {
  /** false once the call's buffer is full (objectMode Writable: 16 messages); 'drain' says when to go on. */
  write(message: object, callback: (error?: Error | null) => void): boolean;
  end(): void;
  readonly cancelled: boolean;
  once(event: 'drain' | 'cancelled' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'cancelled' | 'close', listener: () => void): unknown;
}

/** How a stream ended: all rows written, or the client went away (nothing more is generated). */
export type StreamOutcome = 'done' | 'cancelled';

/**
 * Writes rows offset .. offset + count - 1 of the shape (default: the article's row) to the call in messages of
 * chunk_rows rows (the shape's rows message), then ends it: StreamSamples and every shape's StreamRows.
 *
 * Memory: a chunk is built as encoded bytes, piece by piece (rows of a piece are garbage as soon as it is encoded), and
 * the next chunk is started only when it fits `bufferBytes` (STREAM_BUFFER_BYTES) beside the bytes already written and
 * not yet taken by the HTTP/2 stream, and when grpc-js's buffer (16 messages) has room. streamSamplesProblem holds one
 * chunk to the budget, so a stream holds at most `bufferBytes` of rows however large its chunks and however slow (or
 * gone) its reader. Before, a chunk of 1,000,000 rows was handed to grpc-js as objects, 16 of them queued behind the
 * first, and the server died of heap exhaustion after its client had left.
 *
 * Cancellation: grpc-js never calls a write's callback once the call is cancelled, so every wait here also ends on
 * 'cancelled' / 'close', and the loop looks at `call.cancelled` after each piece (yielding to the event loop, which
 * is where the cancel arrives).
 *
 * Every message carries its ReplyPhases pointing at one StreamTotals: generate and serialize are timed here, the
 * write callbacks add each message's send (encode end -> the HTTP/2 stream took the bytes), and
 * serverTimingInterceptor puts the totals in the `server-timing` trailer when the stream ends OK.
 * `param` must have passed streamSamplesProblem with the same `bufferBytes`.
 *
 * `serializer` (a wirebench-serializer request: grpc-stream-static): each piece is prepared in its form within the
 * generate time and encoded by it within the serialize time, instead of proto-loader's encoder; the same bytes for
 * a serializer that writes set defaults (docs/serializers.md).
 */
export async function writeSampleChunks(
  call: SamplesWritable,
  param: StreamSamplesParam,
  bufferBytes: number,
  shape: Shape = getShape(DEFAULT_SHAPE),
  serializer: ReplySerializer | null = null,
): Promise<StreamOutcome> {
  streamsInFlight++;
  let outcome: StreamOutcome = 'cancelled';
  try {
    outcome = await writeChunks(call, param, bufferBytes, shape, serializer);
    return outcome;
  } finally {
    streamsInFlight--;
    // A stream that ends is garbage a chunk at a time, collected as the next chunks are built; a cancelled one leaves
    // up to bufferBytes queued, and grpc-js's framed copies, with nothing allocating after it to trigger a collection
    // (a server under other load kept +132 MiB for 20 s after an abandoned stream). One once no stream runs.
    if (outcome === 'cancelled') reclaimWhenIdle(() => streamsInFlight === 0);
  }
}

/** Streams this process is writing now: a collection waits for none. */
let streamsInFlight = 0;

async function writeChunks(
  call: SamplesWritable,
  param: StreamSamplesParam,
  bufferBytes: number,
  shape: Shape,
  serializer: ReplySerializer | null,
): Promise<StreamOutcome> {
  const { count, offset, chunk_rows: chunkRows } = param;
  const totals: StreamTotals = { generateMs: 0, serializeMs: 0, sendMs: 0 };
  const rowBytes = maxProtoRowBytes(offset + count - 1, shape);
  const queue = new WrittenBytes(call);
  for (let start = 0; start < count; start += chunkRows) {
    const chunk = Math.min(chunkRows, count - start);
    if (!(await queue.roomFor(chunk * rowBytes, bufferBytes))) return 'cancelled';
    const encoded = await encodeChunk(shape, serializer, call, chunk, offset + start, totals);
    if (encoded === null) return 'cancelled';
    const message = preEncodedReply(encoded, totals);
    queue.write(message, encoded.length, totals);
  }
  if (!(await queue.settled())) return 'cancelled';
  // A stream of no rows sends no message, so no phases reach the interceptor and its trailer has no server-timing.
  call.end();
  return 'done';
}

/** One chunk's rows message bytes, built STREAM_PIECE_ROWS at a time; null when the call was cancelled meanwhile. */
async function encodeChunk(
  shape: Shape,
  serializer: ReplySerializer | null,
  call: SamplesWritable,
  chunk: number,
  first: number,
  totals: StreamTotals,
): Promise<Buffer | null> {
  const encode = pieceEncoder(shape, serializer);
  const parts: Buffer[] = [];
  let bytes = 0;
  for (let done = 0; done < chunk; done += STREAM_PIECE_ROWS) {
    // The turn of the event loop in which a client's RST_STREAM is read.
    await nextTurn();
    if (call.cancelled) return null;
    let started = performance.now();
    const rows = shape.rows(Math.min(STREAM_PIECE_ROWS, chunk - done), first + done);
    const piece = encode.prepare(rows);
    let now = performance.now();
    totals.generateMs += now - started;
    started = now;
    // A repeated field's records concatenate into one message: the pieces' bytes are the chunk's, byte for byte.
    const part = encode.bytes(piece);
    parts.push(part);
    bytes += part.length;
    now = performance.now();
    totals.serializeMs += now - started;
  }
  if (parts.length === 1) return parts[0];
  const started = performance.now();
  const whole = Buffer.concat(parts, bytes);
  totals.serializeMs += performance.now() - started;
  return whole;
}

/**
 * How a piece of rows becomes its bytes: prepared (generate side) and encoded (serialize) by the serializer the call
 * named, or as proto-loader's unary method encodes a rows message (rowsCodec) when it named none.
 */
function pieceEncoder(
  shape: Shape,
  serializer: ReplySerializer | null,
): { prepare(rows: MessageRow[]): unknown; bytes(prepared: unknown): Buffer } {
  if (serializer)
    return { prepare: (rows) => serializer.prepare(rows), bytes: (prepared) => bufferOf(serializer.encode(prepared)) };
  const codec = rowsCodec(shape);
  return { prepare: (rows) => rows, bytes: (rows) => codec.serialize({ [shape.rowsField]: rows }) };
}

/**
 * The bytes written to the call whose write callback has not fired yet (grpc-js fires it once the HTTP/2 stream
 * took the framed message), and the waits on them: for room in the budget, for grpc-js's buffer, for the last.
 */
class WrittenBytes {
  private pending = 0;
  private full = false;
  private wake: (() => void) | null = null;

  constructor(private readonly call: SamplesWritable) {}

  write(message: object, bytes: number, totals: StreamTotals): void {
    this.pending += bytes;
    const phases = replyPhases(message)!;
    const room = this.call.write(message, () => {
      this.pending -= bytes;
      // From when grpc-js took the message out of its buffer (the serializer stamps it) to the HTTP/2 stream taking it.
      if (phases.serializedAt !== undefined) totals.sendMs += performance.now() - phases.serializedAt;
      this.wake?.();
    });
    if (!room) this.full = true;
  }

  /** Resolves true when `bytes` more fit beside what is queued (always when nothing is), false on a cancel. */
  roomFor(bytes: number, budget: number): Promise<boolean> {
    return this.until(() => !this.full && (this.pending === 0 || this.pending + bytes <= budget));
  }

  /** Resolves true when every written message was taken, false on a cancel. */
  settled(): Promise<boolean> {
    return this.until(() => this.pending === 0);
  }

  private until(ready: () => boolean): Promise<boolean> {
    if (this.call.cancelled) return Promise.resolve(false);
    if (ready()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const settle = (outcome: boolean) => {
        this.call.off('drain', onDrain);
        this.call.off('cancelled', onGone);
        this.call.off('close', onGone);
        this.wake = null;
        resolve(outcome);
      };
      const check = () => {
        if (ready()) settle(true);
      };
      const onDrain = () => {
        this.full = false;
        check();
      };
      const onGone = () => settle(false);
      this.wake = check;
      this.call.once('drain', onDrain);
      this.call.once('cancelled', onGone);
      this.call.once('close', onGone);
    });
  }
}
