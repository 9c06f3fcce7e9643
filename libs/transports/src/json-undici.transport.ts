import { Agent, errors, request } from 'undici';
import type { ShapeName } from '@app/shapes';
import { FetchedRows, RowForm, RowsTransport, TargetInfo } from '@app/bench';
import { TransportError } from '@app/bench';
import { ClientFdLimitError } from './client-fd-limit.error';
import { PhaseClock } from './phase-clock';
import { HttpBodyOptions, requestHeadersFor, rowFormFor, shapeAskedFor } from './http-body-options';
import { samplesPath } from './samples-path';
import { decodeHttpRows, ReceivedBody } from './decode-http-rows';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

/**
 * The `json-undici` variant: the same GET to the same JSON server as JsonHttpTransport, through undici (kept-alive
 * connections, at most `maxSockets` of them as for axios's agent: requests beyond wait in the pool) instead of axios
 * and rxjs. The body is read as bytes and decoded by the same decodeHttpRows, with the same request headers for the
 * same options, so only the client library differs.
 */
export class JsonUndiciTransport implements RowsTransport {
  readonly kind = 'json' as const;
  readonly target: TargetInfo;
  private readonly serializer: string | undefined;
  readonly shape: ShapeName;
  readonly rowForm: RowForm;
  private readonly dispatcher: Agent;
  private readonly headers: Record<string, string>;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly options: HttpBodyOptions & {
      /** Connections to the server at once (the client's socket budget); null or absent: one per request in flight. */
      maxSockets?: number | null;
    } = {},
  ) {
    this.dispatcher = new Agent({ keepAliveTimeout: 4_000, connections: options.maxSockets ?? null });
    this.target = { server: 'json-server', address: baseUrl };
    this.shape = shapeAskedFor(options);
    this.serializer = options.serializer;
    this.rowForm = rowFormFor(options);
    this.headers = requestHeadersFor(options);
  }

  // undici resolves `request` once the headers are in (the first-byte stamp) and never decompresses on its own;
  // the body's 'end' (the last-byte stamp) comes just before arrayBuffer() settles.
  async fetchRows(count: number, signal?: AbortSignal): Promise<FetchedRows> {
    const clock = new PhaseClock();
    let received: ReceivedBody;
    try {
      const response = await request(this.target.address + samplesPath(count, this.shape, undefined, this.serializer), {
        dispatcher: this.dispatcher,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
        headers: this.headers,
        signal,
      });
      clock.firstByte();
      response.body.once('end', () => clock.lastByte());
      const body = Buffer.from(await response.body.arrayBuffer());
      if (response.statusCode !== 200) {
        // 503: the server keeping within its memory budget (MAX_INFLIGHT_BYTES): busy, not broken.
        throw new TransportError(
          response.statusCode === 503 ? 'busy' : 'bad-response',
          this.target,
          `HTTP ${response.statusCode} ${body.toString('utf8').slice(0, 300)}`.trim(),
        );
      }
      received = { body, headers: response.headers };
    } catch (error) {
      throw this.toTransportError(error);
    }
    return decodeHttpRows(received, this.options, clock, this.target);
  }

  async close(): Promise<void> {
    await this.dispatcher.close();
  }

  private toTransportError(error: unknown): TransportError | ClientFdLimitError {
    if (error instanceof TransportError) return error;
    const ownLimit = ClientFdLimitError.from(error, `connecting to ${this.target.server} at ${this.target.address}`);
    if (ownLimit) return ownLimit;
    if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
      return new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`);
    }
    const e = error as { code?: string; cause?: { code?: string }; message?: string };
    const code = e.code ?? e.cause?.code;
    if (code && UNAVAILABLE_CODES.has(code)) return new TransportError('unavailable', this.target, code);
    return new TransportError('bad-response', this.target, e.message ?? String(error));
  }
}
