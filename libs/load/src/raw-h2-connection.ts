import { connect, Socket } from 'node:net';
import { readReplyStatus } from './hpack-grpc-status';
import { DEFAULT_TABLE_SIZE, RequestHeaderBlocks } from './hpack-request-block';

// Frame types and flags (RFC 9113 section 6).
const DATA = 0x0;
const HEADERS = 0x1;
const RST_STREAM = 0x3;
const SETTINGS = 0x4;
const PING = 0x6;
const GOAWAY = 0x7;
const WINDOW_UPDATE = 0x8;
const CONTINUATION = 0x9;
const END_STREAM = 0x1;
const ACK = 0x1;
const END_HEADERS = 0x4;
const PADDED = 0x8;
const PRIORITY = 0x20;
const FRAME_HEADER = 9;
const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
const MAX_WINDOW = 2 ** 31 - 1;
// Replenish the receive window once this much has arrived, so large replies never wait on it.
const WINDOW_REFILL = 2 ** 30;

/** What a stream reports back: its reply's frames as they arrive, then its end. */
export interface StreamHandler {
  onStatus(status: { http?: number; grpc?: number }): void;
  onData(chunk: Buffer): void;
  /** The stream ended normally (END_STREAM). */
  onEnd(): void;
  /** The stream cannot finish: reset by the server (its RST code), or the connection went away. */
  onFail(error: Error, rstCode?: number): void;
}

function frame(type: number, flags: number, stream: number, payload: Buffer): Buffer {
  const out = Buffer.allocUnsafe(FRAME_HEADER + payload.length);
  out.writeUIntBE(payload.length, 0, 3);
  out[3] = type;
  out[4] = flags;
  out.writeUInt32BE(stream, 5);
  payload.copy(out, FRAME_HEADER);
  return out;
}

/** The request every stream on a connection sends: one header block (in its HPACK forms) and one DATA payload. */
export interface RepeatedRequest {
  headers: RequestHeaderBlocks;
  body: Buffer;
}

/** A request's two frames, HEADERS (END_HEADERS) and DATA (END_STREAM), stream ids 0 until a stream takes a copy. */
interface RequestFrames {
  headers: Buffer;
  data: Buffer;
}

function requestFrames(block: Buffer, body: Buffer): RequestFrames {
  return { headers: frame(HEADERS, END_HEADERS, 0, block), data: frame(DATA, END_STREAM, 0, body) };
}

/** A template frame's copy for one stream. */
function forStream(template: Buffer, id: number): Buffer {
  const out = Buffer.from(template);
  out.writeUInt32BE(id, 5);
  return out;
}

/**
 * Which form the next stream's header block takes: the first adds the literals to the server's HPACK table, later
 * ones index them; `resized` tells the server this side's table is now empty (RFC 7541 4.2, owed after a SETTINGS
 * that shrank it), then `plain` for good.
 */
type HeaderForm = 'first' | 'repeat' | 'resized' | 'plain';

function uint32(value: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32BE(value, 0);
  return b;
}

/**
 * One HTTP/2 connection that sends the same pre-encoded request (a HEADERS and a DATA frame) again and again and
 * reads replies frame by frame: only the stream id changes per call (and the header block after the first, which
 * indexes what the first added to the server's HPACK table), and of the replies' headers only ":status" and
 * "grpc-status" are read (hpack-grpc-status.ts; the server is told to keep no HPACK table). This is what lets the
 * load generator cost a fraction of the server it measures; node:http2 alone costs about as much as the server.
 * Flow control is kept on both sides, SETTINGS and PING are acknowledged, the peer's stream limit is honoured
 * (requests beyond it wait), and GOAWAY or a socket error fails the streams it leaves.
 */
export class RawH2Connection {
  private readonly socket: Socket;
  private readonly streams = new Map<number, StreamHandler>();
  private readonly blocks = new Map<number, { parts: Buffer[]; flags: number }>();
  private readonly waiting: StreamHandler[] = [];
  private nextStream = 1;
  private pending: Buffer | undefined;
  private received = 0;
  private sendWindow = 65_535;
  // No stream goes out before the server's first SETTINGS: it may allow fewer streams than it would refuse.
  private maxStreams = 0;
  private lastGoodStream = Infinity;
  private failure: Error | undefined;
  // This tick's frames, sent as one write when it ends (send()): the HEADERS that open streams, then everything else.
  private opening: Buffer[] = [];
  private rest: Buffer[] = [];
  private batching = false;
  private readonly frames: Record<HeaderForm, RequestFrames>;
  private readonly dataLength: number;
  private readonly tableBytes: number;
  // Set by the server's first SETTINGS, which comes before any stream goes out.
  private form: HeaderForm | undefined;

  constructor(host: string, port: number, request: RepeatedRequest) {
    const { headers, body } = request;
    this.frames = {
      first: requestFrames(headers.indexing, body),
      repeat: requestFrames(headers.indexed, body),
      // A dynamic table size update to 0 (001 prefix, 5-bit integer), then the literals.
      resized: requestFrames(Buffer.concat([Buffer.from([0x20]), headers.plain]), body),
      plain: requestFrames(headers.plain, body),
    };
    this.dataLength = body.length;
    this.tableBytes = headers.tableBytes;
    this.socket = connect({ host, port, noDelay: true });
    const settings = Buffer.alloc(12);
    // HEADER_TABLE_SIZE 0: the server's encoder keeps no dynamic table, so each header block reads on its own.
    settings.writeUInt16BE(0x1, 0);
    settings.writeUInt32BE(0, 2);
    settings.writeUInt16BE(0x4, 6);
    settings.writeUInt32BE(MAX_WINDOW, 8);
    this.socket.write(
      Buffer.concat([
        PREFACE,
        frame(SETTINGS, 0, 0, settings),
        frame(WINDOW_UPDATE, 0, 0, uint32(MAX_WINDOW - 65_535)),
      ]),
    );
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(Object.assign(new Error('connection closed'), { code: 'ECONNRESET' })));
  }

  /** Whether new streams can still go out on this connection. */
  get usable(): boolean {
    return this.failure === undefined && this.lastGoodStream === Infinity && this.nextStream < MAX_WINDOW;
  }

  /**
   * Sends the request on a new stream, now or as soon as the peer's stream limit and send window allow; returns a
   * cancel.
   */
  open(handler: StreamHandler): (rstCode: number) => void {
    if (this.failure) {
      handler.onFail(this.failure);
      return () => undefined;
    }
    this.waiting.push(handler);
    this.flush();
    return (rstCode) => this.cancel(handler, rstCode);
  }

  close(): void {
    this.socket.destroy();
  }

  private flush(): void {
    while (this.waiting.length > 0 && this.streams.size < this.maxStreams && this.sendWindow >= this.dataLength) {
      const handler = this.waiting.shift()!;
      const id = this.nextStream;
      this.nextStream += 2;
      const template = this.frames[this.form!];
      if (this.form === 'first') this.form = 'repeat';
      if (this.form === 'resized') this.form = 'plain';
      this.sendWindow -= this.dataLength;
      this.streams.set(id, handler);
      this.send(forStream(template.headers, id), true);
      this.send(forStream(template.data, id));
    }
  }

  /**
   * Holds this tick's frames and sends them as one write when it ends, the HEADERS that open streams first and then
   * their DATA (and any other frame), as nghttp2 (so node:http2, grpc-js and h2load) queues them: the calls that
   * replies read together set off go out together, instead of a syscall and a segment each. Both halves cost the
   * server: writing each call alone cost the bare grpc-js server about a third more CPU per call than h2load's load
   * (300-330 against 200-300 µs per call at c=50, 2026-11-29), and a batch sent stream by stream (HEADERS, DATA,
   * HEADERS, DATA) more than the same batch with its HEADERS first: in nine alternating pairs the HEADERS-first order
   * served more req/s in every one, 1.12x on their geometric mean (1.01-1.20x), at 1-17% less server CPU per call
   * (2026-12-06, docs/load.md). A stream's RST_STREAM, written after its HEADERS, stays after them.
   */
  private send(bytes: Buffer, opensStream = false): void {
    (opensStream ? this.opening : this.rest).push(bytes);
    if (this.batching) return;
    this.batching = true;
    process.nextTick(() => {
      this.batching = false;
      const out = Buffer.concat(this.opening.concat(this.rest));
      this.opening = [];
      this.rest = [];
      if (!this.failure) this.socket.write(out);
    });
  }

  private cancel(handler: StreamHandler, rstCode: number): void {
    const queued = this.waiting.indexOf(handler);
    if (queued >= 0) this.waiting.splice(queued, 1);
    for (const [id, h] of this.streams) {
      if (h !== handler) continue;
      this.streams.delete(id);
      this.blocks.delete(id);
      if (!this.failure) this.send(frame(RST_STREAM, 0, id, uint32(rstCode)));
      this.flush();
      return;
    }
  }

  private read(chunk: Buffer): void {
    const buf = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    while (buf.length - at >= FRAME_HEADER) {
      const length = buf.readUIntBE(at, 3);
      if (buf.length - at < FRAME_HEADER + length) break;
      this.onFrame(
        buf[at + 3],
        buf[at + 4],
        buf.readUInt32BE(at + 5) & 0x7fffffff,
        buf.subarray(at + FRAME_HEADER, at + FRAME_HEADER + length),
      );
      at += FRAME_HEADER + length;
    }
    // Keep only the unread tail, copied, so a large buffer is not held alive by a small slice.
    this.pending = at === buf.length ? undefined : Buffer.from(buf.subarray(at));
  }

  private onFrame(type: number, flags: number, id: number, payload: Buffer): void {
    switch (type) {
      case DATA: {
        this.received += payload.length;
        if (this.received >= WINDOW_REFILL) {
          this.send(frame(WINDOW_UPDATE, 0, 0, uint32(this.received)));
          this.received = 0;
        }
        const handler = this.streams.get(id);
        if (!handler) return;
        const body = flags & PADDED ? payload.subarray(1, payload.length - payload[0]) : payload;
        if (body.length > 0) handler.onData(body);
        if (flags & END_STREAM) this.end(id, handler);
        return;
      }
      case HEADERS:
      case CONTINUATION:
        return this.onHeaders(type, flags, id, payload);
      case RST_STREAM: {
        const handler = this.streams.get(id);
        if (!handler) return;
        this.streams.delete(id);
        this.blocks.delete(id);
        const code = payload.readUInt32BE(0);
        handler.onFail(
          Object.assign(new Error(`stream reset by the server (HTTP/2 error ${code})`), {
            code: 'ERR_HTTP2_STREAM_ERROR',
          }),
          code,
        );
        this.flush();
        return;
      }
      case SETTINGS:
        if (flags & ACK) return;
        if (this.maxStreams === 0) this.maxStreams = Infinity;
        for (let i = 0; i + 6 <= payload.length; i += 6) {
          const value = payload.readUInt32BE(i + 2);
          if (payload.readUInt16BE(i) === 0x3) this.maxStreams = value;
          if (payload.readUInt16BE(i) === 0x1) this.onTableSize(value);
        }
        this.form ??= this.tableBytes <= DEFAULT_TABLE_SIZE ? 'first' : 'plain';
        this.send(frame(SETTINGS, ACK, 0, Buffer.alloc(0)));
        this.flush();
        return;
      case PING:
        if (!(flags & ACK)) this.send(frame(PING, ACK, 0, payload));
        return;
      case WINDOW_UPDATE:
        // Only the connection window can hold requests back: each stream sends one small DATA frame.
        if (id === 0) {
          this.sendWindow += payload.readUInt32BE(0) & 0x7fffffff;
          this.flush();
        }
        return;
      case GOAWAY: {
        this.lastGoodStream = payload.readUInt32BE(0) & 0x7fffffff;
        const error = Object.assign(new Error(`the server sent GOAWAY (HTTP/2 error ${payload.readUInt32BE(4)})`), {
          code: 'ERR_HTTP2_GOAWAY_SESSION',
        });
        for (const [streamId, handler] of this.streams) {
          if (streamId <= this.lastGoodStream) continue;
          this.streams.delete(streamId);
          handler.onFail(error);
        }
        for (const handler of this.waiting.splice(0)) handler.onFail(error);
        return;
      }
      default:
      // PRIORITY, PUSH_PROMISE (disabled by default for clients that never enable it) and unknown frames: ignored.
    }
  }

  /**
   * The server's HPACK table limit. Below the default (which this side's encoder assumed), the entries the first
   * request added may no longer be there: say so with a size update and send literals from then on.
   */
  private onTableSize(size: number): void {
    if (size >= DEFAULT_TABLE_SIZE || this.form === 'resized' || this.form === 'plain') return;
    this.form = 'resized';
  }

  private onHeaders(type: number, flags: number, id: number, payload: Buffer): void {
    let block = payload;
    if (type === HEADERS) {
      let start = 0;
      let end = payload.length;
      if (flags & PADDED) {
        start = 1;
        end -= payload[0];
      }
      if (flags & PRIORITY) start += 5;
      block = payload.subarray(start, end);
      this.blocks.set(id, { parts: [], flags });
    }
    const pending = this.blocks.get(id);
    if (!pending) return;
    pending.parts.push(block);
    if (!(flags & END_HEADERS)) return;
    this.blocks.delete(id);
    const handler = this.streams.get(id);
    if (!handler) return;
    handler.onStatus(readReplyStatus(pending.parts.length === 1 ? pending.parts[0] : Buffer.concat(pending.parts)));
    // END_STREAM sits on the HEADERS frame, even when CONTINUATION frames finish its block.
    if (pending.flags & END_STREAM) this.end(id, handler);
  }

  private end(id: number, handler: StreamHandler): void {
    this.streams.delete(id);
    handler.onEnd();
    this.flush();
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const handler of this.streams.values()) handler.onFail(error);
    for (const handler of this.waiting.splice(0)) handler.onFail(error);
    this.streams.clear();
    this.socket.destroy();
  }
}
