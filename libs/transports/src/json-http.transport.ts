import { ClientRequest, IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import type { ClientHttp2Stream, Http2Session } from 'node:http2';
import type { Readable } from 'node:stream';
import type { HttpService } from '@nestjs/axios';
import { AxiosError, AxiosResponse } from 'axios';
import { lastValueFrom } from 'rxjs';
import type { ShapeName } from '@app/shapes';
import { FetchedRows, RowForm, RowsTransport, TargetInfo } from '@app/bench';
import { TransportError } from '@app/bench';
import { ClientFdLimitError } from './client-fd-limit.error';
import { PhaseClock } from './phase-clock';
import { HttpBodyOptions, requestHeadersFor, rowFormFor, shapeAskedFor } from './http-body-options';
import { samplesPath } from './samples-path';
import { decodeHttpRows, ReceivedBody } from './decode-http-rows';
import { isStaleKeptAliveSocket, onFreshSocket } from './stale-kept-alive-socket';

// Connection-level failures: nothing listening, or nothing reachable, at the target address.
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

export interface JsonHttpOptions extends HttpBodyOptions {
  /** 1 (the default): HTTP/1.1. 2: HTTP/2 by prior knowledge (h2c on an http:// URL), axios's `httpVersion: 2`. */
  httpVersion?: 1 | 2;
  /**
   * HTTP/2 only: the flow-control window (bytes) to offer per stream and per connection instead of HTTP/2's 65,535
   * (json-h2-window). Unset: Node's default, as axios leaves it.
   */
  http2WindowBytes?: number;
}

/**
 * JSON over HTTP through Nest's HttpService (axios), as a Nest user would call the JSON server; with options, the same
 * client asks for another message shape, protobuf (`proto-http`), gzip (`+gzip`) or speaks HTTP/2 (`json-h2`). Each
 * request also records its phases (PhaseClock): a few timestamps taken where axios lets us see the response, no extra
 * work.
 */
export class JsonHttpTransport implements RowsTransport {
  readonly kind = 'json' as const;
  readonly target: TargetInfo;
  private readonly serializer: string | undefined;
  readonly shape: ShapeName;
  readonly rowForm: RowForm;
  private readonly headers: Record<string, string>;

  constructor(
    private readonly http: HttpService,
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly options: JsonHttpOptions = {},
  ) {
    this.target = { server: 'json-server', address: baseUrl };
    this.shape = shapeAskedFor(options);
    this.serializer = options.serializer;
    this.rowForm = rowFormFor(options);
    this.headers = requestHeadersFor(options);
  }

  async fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows> {
    const clock = new PhaseClock();
    let received: ReceivedBody;
    try {
      received = await this.get(count, clock, signal).catch((error: AxiosError) => {
        // A kept-alive socket that the server closed just as we reused it: retried once, on a new socket.
        if (isStaleKeptAliveSocket(error, (error.request as { reusedSocket?: boolean } | undefined)?.reusedSocket)) {
          clock.note('retried once on a new socket (the kept-alive one was closed by the server)');
          return this.get(count, clock, signal, true);
        }
        throw error;
      });
    } catch (error) {
      throw this.toTransportError(error);
    }
    return decodeHttpRows(received, this.options, clock, this.target);
  }

  /**
   * `freshSocket`: the stale-socket retry's, a connection of its own (HTTP/1.1 only: an HTTP/2 session is not pooled
   * per request).
   */
  private get(
    count: number,
    clock: PhaseClock,
    signal: AbortSignal | undefined,
    freshSocket = false,
  ): Promise<ReceivedBody> {
    return this.options.httpVersion === 2
      ? this.getHttp2(count, clock, signal)
      : this.getHttp1(count, clock, signal, freshSocket);
  }

  // The raw body is taken as a Buffer so its size is known exactly; decodeHttpRows parses it with the same
  // Buffer -> string -> JSON.parse that axios does for responseType 'json'. decompress: false, so a gzip body
  // arrives as sent and its gunzip is timed on its own. No redirects: the JSON server never sends one.
  private async getHttp1(
    count: number,
    clock: PhaseClock,
    signal: AbortSignal | undefined,
    freshSocket: boolean,
  ): Promise<ReceivedBody> {
    const response = await lastValueFrom(
      this.http.get<Buffer>(this.url(count), {
        signal,
        responseType: 'arraybuffer',
        timeout: this.timeoutMs,
        maxRedirects: 0,
        decompress: false,
        headers: this.headers,
        transport: {
          request: (options: RequestOptions, callback: (res: IncomingMessage) => void) =>
            this.stampedRequest(freshSocket ? onFreshSocket(options) : options, callback, clock),
        },
      }),
    );
    return { body: response.data, headers: response.headers as ReceivedBody['headers'] };
  }

  /**
   * node:http's request, as axios would call it, with the first byte stamped when the status line and headers
   * arrive and the last when the body ends. Given a transport, axios leaves out the wall-clock timer it keeps for
   * node:http until the response starts (a socket timeout only counts once connected), so that timer is here.
   */
  private stampedRequest(
    options: RequestOptions,
    callback: (res: IncomingMessage) => void,
    clock: PhaseClock,
  ): ClientRequest {
    const req = httpRequest(options, (res) => {
      clearTimeout(untilResponse);
      clock.firstByte();
      res.once('end', () => clock.lastByte());
      callback(res);
    });
    const untilResponse = setTimeout(
      () => req.destroy(Object.assign(new Error(`no response within ${this.timeoutMs} ms`), { code: 'ETIMEDOUT' })),
      this.timeoutMs,
    );
    req.once('close', () => clearTimeout(untilResponse));
    return req;
  }

  /**
   * axios's HTTP/2 transport takes no transport of ours, so the body is taken as a stream: axios resolves when the
   * headers arrive (the first-byte stamp, a few microtasks after the socket saw them) and the body is gathered
   * here, chunk by chunk into one Buffer, which is what axios does for 'arraybuffer'. The request's deadline still
   * holds for the body.
   */
  private async getHttp2(count: number, clock: PhaseClock, signal: AbortSignal | undefined): Promise<ReceivedBody> {
    const window = this.options.http2WindowBytes;
    const response: AxiosResponse<Readable> = await lastValueFrom(
      this.http.get<Readable>(this.url(count), {
        signal,
        responseType: 'stream',
        httpVersion: 2,
        // The stream window is a SETTINGS value, sent before the first request; axios hands these to http2.connect.
        ...(window === undefined ? {} : { http2Options: { settings: { initialWindowSize: window } } }),
        timeout: this.timeoutMs,
        maxRedirects: 0,
        decompress: false,
        headers: this.headers,
      }),
    );
    clock.firstByte();
    if (window !== undefined)
      widenConnectionWindow((response.request as ClientHttp2Stream | undefined)?.session, window, clock);
    const body = await readBody(response.data, Math.max(1, this.timeoutMs - clock.elapsed()), clock, signal);
    return { body, headers: response.headers as ReceivedBody['headers'] };
  }

  private url(count: number): string {
    return this.target.address + samplesPath(count, this.shape, undefined, this.serializer);
  }

  private toTransportError(error: unknown): TransportError | ClientFdLimitError {
    if (error instanceof TransportError) return error;
    // The client's own limit, not the server's doing: said as such, whatever axios wrapped it in.
    const ownLimit = ClientFdLimitError.from(error, `connecting to ${this.target.server} at ${this.target.address}`);
    if (ownLimit) return ownLimit;
    const e = error as AxiosError<Buffer | Readable>;
    if (e.response) {
      const data = e.response.data;
      if (data && !Buffer.isBuffer(data) && typeof (data as Readable).destroy === 'function')
        (data as Readable).destroy();
      const text = Buffer.isBuffer(data) ? data.toString('utf8').slice(0, 300) : '';
      // A server keeping within its memory budget (MAX_INFLIGHT_BYTES) answers 503 with Retry-After: busy, not broken.
      const failure = e.response.status === 503 ? 'busy' : 'bad-response';
      return new TransportError(failure, this.target, `HTTP ${e.response.status} ${text}`.trim());
    }
    if (e.code && TIMEOUT_CODES.has(e.code)) {
      return new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`);
    }
    const code = codesOf(e).find((c) => UNAVAILABLE_CODES.has(c));
    if (code) return new TransportError('unavailable', this.target, code);
    return new TransportError('bad-response', this.target, e.message ?? String(error));
  }
}

/**
 * HTTP/2 has no setting for the connection's window (65,535 until the receiver sends WINDOW_UPDATE), and Node 20's
 * http2.connect has no option for it either: only session.setLocalWindowSize. axios keeps its sessions to itself and
 * shows one only as the response's stream's session, so the window is widened there, once per session. On a new
 * session that is as the first response's headers arrive: its body's first 64 KiB wait for that update, one round
 * trip, which the run's phases note. A warm-up run on a kept session pays it before the timed runs.
 */
const widenedSessions = new WeakSet<Http2Session>();
function widenConnectionWindow(session: Http2Session | undefined, window: number, clock: PhaseClock): void {
  if (!session || widenedSessions.has(session) || session.destroyed) return;
  session.setLocalWindowSize(window);
  widenedSessions.add(session);
  clock.note(`HTTP/2 connection window widened to ${window} bytes as this response began (a new session)`);
}

// An HTTP/2 connection failure reaches the request as a cancelled stream caused by the connect error.
function codesOf(error: unknown): string[] {
  const codes: string[] = [];
  for (
    let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string') codes.push(e.code);
  }
  return codes;
}

/** A response stream into one Buffer, the last byte stamped at its end; destroyed with ETIMEDOUT after `msLeft`. */
function readBody(
  stream: Readable,
  msLeft: number,
  clock: PhaseClock,
  signal: AbortSignal | undefined,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () =>
        stream.destroy(Object.assign(new Error(`body not complete within the request timeout`), { code: 'ETIMEDOUT' })),
      msLeft,
    );
    // axios's signal covers the request until its headers; the body read here is ours to stop.
    const abort = () => stream.destroy(Object.assign(new Error('request aborted'), { code: 'ERR_CANCELED' }));
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    stream.once('close', () => signal?.removeEventListener('abort', abort));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.once('end', () => {
      clock.lastByte();
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    stream.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
