import { ClientRequest, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import type { Readable } from 'node:stream';
import type { HttpService } from '@nestjs/axios';
import type { AxiosError, AxiosResponse } from 'axios';
import { lastValueFrom } from 'rxjs';
import { DEFAULT_SHAPE, ShapeName } from '@app/shapes';
import type { JsonCodecName } from '@app/codecs';
import { SERVER_TIMING } from '@app/server-timing';
import { RowSink, StreamedRows, StreamingRowsTransport, TargetInfo } from '@app/bench';
import { TransportError } from '@app/bench';
import { ClientFdLimitError } from './client-fd-limit.error';
import { PhaseClock } from './phase-clock';
import { NdjsonLineDecoder } from './ndjson-line-decoder';
import { samplesPath } from './samples-path';
import { isStaleKeptAliveSocket, onFreshSocket } from './stale-kept-alive-socket';

// Connection-level failures: nothing listening, the server gone mid-stream, or nothing reachable.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/**
 * NDJSON streamed over HTTP/1.1 through Nest's HttpService (axios), the json variant's client: the same server and
 * client as `json`, only the message form differs (`GET /samples/:count/stream?chunk=`, one row per line). The
 * body is read as it arrives (`responseType: 'stream'`), each read's complete lines decoded and handed to the sink,
 * so neither side holds the whole body. ttfb is the status line, ttlb the body's end, decode the sum over reads, and
 * the server's phases come from its Server-Timing trailer, which node:http exposes once the body has ended.
 */
export interface JsonStreamOptions {
  shape?: ShapeName;
  /**
   * A JSON serializer for the server to write the lines with (`?serializer=`, json-stream-fjs); the client still
   * JSON.parse's.
   */
  serializer?: JsonCodecName;
}

export class JsonStreamTransport implements StreamingRowsTransport {
  readonly kind = 'json' as const;
  readonly streaming = true as const;
  readonly target: TargetInfo;
  // Every NDJSON line is one row's JSON form, whatever the shape.
  readonly rowForm = 'json' as const;

  readonly shape: ShapeName;
  private readonly serializer?: JsonCodecName;

  constructor(
    private readonly http: HttpService,
    baseUrl: string,
    private readonly timeoutMs: number,
    options: JsonStreamOptions = {},
  ) {
    this.target = { server: 'json-server', address: baseUrl };
    this.shape = options.shape ?? DEFAULT_SHAPE;
    this.serializer = options.serializer;
  }

  async streamRows(count: number, chunkRows: number, sink: RowSink, signal?: AbortSignal): Promise<StreamedRows> {
    try {
      return await this.attempt(count, chunkRows, sink, signal);
    } catch (error) {
      // A kept-alive socket that the server closed just as we reused it (stale-kept-alive-socket.ts): nothing reached
      // the server and no row arrived, so the GET is retried once on a new socket, as JsonHttpTransport does.
      if (error instanceof StaleSocketError)
        return this.attempt(
          count,
          chunkRows,
          sink,
          signal,
          'retried once on a new socket (the kept-alive one was closed by the server)',
        );
      throw error;
    }
  }

  private async attempt(
    count: number,
    chunkRows: number,
    sink: RowSink,
    signal: AbortSignal | undefined,
    note?: string,
  ): Promise<StreamedRows> {
    const clock = new PhaseClock();
    if (note) clock.note(note);
    const seen: { res?: IncomingMessage; req?: ClientRequest } = {};
    // An idle timeout, as GrpcStreamTransport's, not one for the whole stream: a stream's length is bounded in rows
    // (MAX_STREAM_ROWS), so its time is not, and a slow stream on a busy machine is still a stream (the soak probe's
    // 3,000,000 rows gave 504 after 2,807,256 had arrived). What a timeout must catch is a server that stops sending.
    // Refreshed by every read of the body.
    const idle = setTimeout(
      () =>
        (seen.res ?? seen.req)?.destroy(
          Object.assign(new Error(`no data within ${this.timeoutMs} ms`), { code: 'ETIMEDOUT' }),
        ),
      this.timeoutMs,
    );
    const received = { rows: 0 };
    try {
      const response: AxiosResponse<Readable> = await lastValueFrom(
        this.http.get<Readable>(this.target.address + samplesPath(count, this.shape, chunkRows, this.serializer), {
          responseType: 'stream',
          maxRedirects: 0,
          decompress: false,
          // The body is never held, so no size limit applies to it (10,000,000 rows are ~2 GB).
          maxContentLength: -1,
          headers: { 'Accept-Encoding': 'identity' },
          signal,
          // The retry (a note says why) on a connection of its own: the pool's other idle sockets may be stale too.
          transport: {
            request: (options: RequestOptions, callback: (res: IncomingMessage) => void) =>
              this.stampedRequest(note ? onFreshSocket(options) : options, callback, clock, seen),
          },
        }),
      );
      const read = await this.read(response.data, sink, clock, signal, received, () => idle.refresh());
      clock.serverTiming(seen.res?.trailers[SERVER_TIMING]);
      return { ...read, phases: clock.phases() };
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      const reused = (seen.req as { reusedSocket?: boolean } | undefined)?.reusedSocket;
      if (!note && !seen.res && isStaleKeptAliveSocket(error, reused)) throw new StaleSocketError();
      throw await this.toTransportError(error, seen.res ? received.rows : undefined);
    } finally {
      clearTimeout(idle);
    }
  }

  /**
   * node:http's request as axios would call it, with the first byte stamped at the status line and the response kept
   * for its trailers.
   */
  private stampedRequest(
    options: RequestOptions,
    callback: (res: IncomingMessage) => void,
    clock: PhaseClock,
    seen: { res?: IncomingMessage; req?: ClientRequest },
  ): ClientRequest {
    const req = httpRequest(options, (res) => {
      clock.firstByte();
      seen.res = res;
      callback(res);
    });
    seen.req = req;
    return req;
  }

  /** Reads the body to its end: each read's complete lines become one chunk for the sink. */
  private read(
    body: Readable,
    sink: RowSink,
    clock: PhaseClock,
    signal: AbortSignal | undefined,
    received: { rows: number },
    progressed: () => void,
  ): Promise<Omit<StreamedRows, 'phases'>> {
    const decoder = new NdjsonLineDecoder();
    let payloadBytes = 0;
    let chunks = 0;
    const hand = (rows: object[]) => {
      if (rows.length === 0) return;
      received.rows += rows.length;
      chunks++;
      sink.push(rows);
    };
    return new Promise((resolve, reject) => {
      // Abort after the headers: destroying the body closes the socket, which is what the server sees.
      const onAbort = () => body.destroy(signal?.reason ?? new Error('aborted'));
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = (error?: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        if (error) reject(error);
        else resolve({ payloadBytes, chunks });
      };
      body.on('data', (chunk: Buffer) => {
        progressed();
        payloadBytes += chunk.length;
        try {
          hand(clock.time('decode', () => decoder.write(chunk)));
        } catch (error) {
          body.destroy();
          settle(
            new TransportError(
              'bad-response',
              this.target,
              `a line is not JSON (${(error as Error).message})`,
              received.rows,
            ),
          );
        }
      });
      body.once('end', () => {
        clock.lastByte();
        try {
          hand(clock.time('decode', () => decoder.end()));
          settle();
        } catch (error) {
          settle(
            new TransportError(
              'bad-response',
              this.target,
              `the last line is not JSON (${(error as Error).message})`,
              received.rows,
            ),
          );
        }
      });
      // A server that dies mid-stream ends the chunked body early: node:http reports 'aborted' (ECONNRESET).
      body.once('error', (error) => settle(error));
    });
  }

  // Before the response (refused, timed out waiting) there is no count; once it started, the count says where it broke
  // off.
  private async toTransportError(
    error: unknown,
    received: number | undefined,
  ): Promise<TransportError | ClientFdLimitError> {
    if (error instanceof TransportError) return error;
    const ownLimit = ClientFdLimitError.from(error, `connecting to ${this.target.server} at ${this.target.address}`);
    if (ownLimit) return ownLimit;
    const e = error as AxiosError<Readable> & { code?: string };
    if (e.response) {
      const text = await firstBytes(e.response.data, 300);
      return new TransportError(
        e.response.status === 503 ? 'busy' : 'bad-response',
        this.target,
        `HTTP ${e.response.status} ${text}`.trim(),
      );
    }
    if (e.code && TIMEOUT_CODES.has(e.code))
      return new TransportError(
        'timeout',
        this.target,
        `${received === undefined ? 'no response' : 'no data'} within ${this.timeoutMs} ms`,
        received,
      );
    if (e.code && UNAVAILABLE_CODES.has(e.code))
      return new TransportError(
        'unavailable',
        this.target,
        e.message === 'aborted' ? `${e.code} (connection closed mid-stream)` : e.code,
        received,
      );
    return new TransportError('bad-response', this.target, e.message ?? String(error), received);
  }
}

/** The request died on a reused kept-alive socket before any response: safe to send again. */
class StaleSocketError extends Error {}

/** Up to `max` bytes of an error response's body, for the message; the rest is dropped with the stream. */
function firstBytes(stream: Readable | undefined, max: number): Promise<string> {
  if (!stream || typeof stream.on !== 'function') return Promise.resolve('');
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    let length = 0;
    const done = () => {
      stream.destroy();
      resolve(Buffer.concat(parts).toString('utf8').slice(0, max));
    };
    stream.on('data', (chunk: Buffer) => {
      parts.push(chunk);
      length += chunk.length;
      if (length >= max) done();
    });
    stream.once('end', done);
    stream.once('error', done);
  });
}
