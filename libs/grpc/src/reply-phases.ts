import type { Samples } from './interfaces/sample-service.interface';

/** One StreamSamples stream's phases, summed over its messages (ms). */
export interface StreamTotals {
  generateMs: number;
  serializeMs: number;
  /** Per message: encode end -> the write callback (the HTTP/2 stream took the framed bytes). */
  sendMs: number;
}

/**
 * What a server learns about one GetSamples reply on its way out, carried on the reply object itself under a Symbol:
 * protobufjs's fromObject reads only the message's declared fields, so nothing here reaches the wire, and each
 * concurrent call has its own reply, so nothing is shared between calls.
 */
export interface ReplyPhases {
  /** rows(count) in the handler. */
  generateMs?: number;
  /** Encode in slices of this many rows (grpc-sliced); absent = one encode of the whole message. */
  sliceRows?: number;
  /** The reply's repeated field of rows, which slicing cuts (the shape's rowsField; absent: `samples`). */
  rowsField?: string;
  /**
   * The reply in another serializer's own form (a wirebench-serializer request), with its encoder: the method's
   * serializer encodes it with this instead of proto-loader's, timed the same. The reply object itself then carries
   * no rows. Dropped once encoded, so only the bytes stay.
   */
  encodeWith?: PreparedReply;
  /** The method's responseSerialize (protobuf encode), measured by withServerPhases. */
  serializeMs?: number;
  /** performance.now() when encoding ended: grpc-js frames the bytes and hands them to the HTTP/2 stream next. */
  serializedAt?: number;
  /**
   * A StreamSamples message: the stream's totals, which the serializer adds this message's encode to and which the
   * server-timing trailer reports instead of the last message's own phases.
   */
  stream?: StreamTotals;
  /**
   * The message's bytes, already encoded by the handler (a StreamSamples chunk, built in pieces): the serializer hands
   * them to grpc-js as they are, once, and lets go of them.
   */
  encoded?: Buffer;
  /** Gives back the reply's memory reservation (reply-admission.ts) once its bytes are sent. */
  release?: () => void;
}

/** A reply prepared for a serializer (@app/codecs' prepare) and the call that encodes it (its encode). */
export interface PreparedReply {
  encode(): Uint8Array;
}

const REPLY_PHASES = Symbol('wirebench.replyPhases');

/** The phases recorded on a reply so far, created on first use; undefined for a value that is not an object. */
export function replyPhases(reply: unknown, create: true): ReplyPhases | undefined;
export function replyPhases(reply: unknown): ReplyPhases | undefined;
export function replyPhases(reply: unknown, create = false): ReplyPhases | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  const holder = reply as { [REPLY_PHASES]?: ReplyPhases };
  if (create) holder[REPLY_PHASES] ??= {};
  return holder[REPLY_PHASES];
}

/**
 * A reply whose bytes are already encoded (see ReplyPhases.encoded), counted in a stream's totals. The object only
 * carries the phases: the serializer hands grpc-js the bytes instead of encoding it.
 */
export function preEncodedReply(encoded: Buffer, stream: StreamTotals): Samples {
  const message: Samples = { samples: [] };
  const phases = replyPhases(message, true)!;
  phases.encoded = encoded;
  phases.stream = stream;
  return message;
}
