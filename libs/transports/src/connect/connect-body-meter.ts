import type { PhaseClock } from '../phase-clock';

const ENVELOPE_HEAD_BYTES = 5;
// Flags of an envelope that carries no message: Connect's end-of-stream (0x02), gRPC-Web's trailers (0x80).
const NOT_A_MESSAGE = 0x82;

/**
 * One call's response body as it arrives: its first and last byte on the call's PhaseClock, and the bytes of the
 * messages in it (payloadBytes: what the other transports count, the protobuf/JSON message before decoding). A
 * Connect unary body is the message itself; streams and the gRPC and gRPC-Web protocols wrap each message in a
 * 5-byte envelope (flags, length), and those heads and the end-of-stream / trailer envelopes are not payload.
 */
export class ConnectBodyMeter {
  payloadBytes = 0;
  private readonly head = new Uint8Array(ENVELOPE_HEAD_BYTES);
  private headBytes = 0;
  /** Bytes still to come of the envelope being read, and whether they are a message's. */
  private left = 0;
  private isMessage = false;

  constructor(
    readonly clock: PhaseClock,
    private readonly enveloped: boolean,
  ) {}

  /** The response's status and headers arrived. */
  headers(): void {
    this.clock.firstByte();
  }

  /** The body, passed through unchanged while it is counted. */
  async *count(body: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    for await (const chunk of body) {
      this.add(chunk);
      yield chunk;
    }
    this.clock.lastByte();
  }

  add(chunk: Uint8Array): void {
    if (!this.enveloped) {
      this.payloadBytes += chunk.length;
      return;
    }
    let i = 0;
    while (i < chunk.length) {
      if (this.left > 0) {
        const n = Math.min(this.left, chunk.length - i);
        if (this.isMessage) this.payloadBytes += n;
        this.left -= n;
        i += n;
        continue;
      }
      this.head[this.headBytes++] = chunk[i++];
      if (this.headBytes === ENVELOPE_HEAD_BYTES) {
        this.headBytes = 0;
        this.isMessage = (this.head[0] & NOT_A_MESSAGE) === 0;
        this.left = new DataView(this.head.buffer).getUint32(1);
      }
    }
  }
}
