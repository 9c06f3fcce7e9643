import type { HttpService } from '@nestjs/axios';
import { AxiosError } from 'axios';
import { lastValueFrom } from 'rxjs';
import { FetchedRows, RowsTransport, TargetInfo } from './rows-transport.interface';
import { TransportError } from './transport-errors';
import { decodeJsonRows } from './decode-json-rows';

// Connection-level failures: nothing listening, or nothing reachable, at the target address.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
const TIMEOUT_CODES = new Set(['ECONNABORTED', 'ETIMEDOUT']);

/** JSON over HTTP/1.1 through Nest's HttpService (axios), as a Nest user would call the JSON server. */
export class JsonHttpTransport implements RowsTransport {
  readonly kind = 'json' as const;
  readonly target: TargetInfo;

  constructor(
    private readonly http: HttpService,
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    this.target = { server: 'json-server', address: baseUrl };
  }

  async fetchRows(count: number): Promise<FetchedRows> {
    let body: Buffer;
    try {
      body = await this.get(count).catch((error: AxiosError) => {
        // A kept-alive socket that the server closed just as we reused it (Node's 5 s keepAliveTimeout race):
        // the request never reached the server, so a GET is retried once, on a new socket, as Node's docs advise.
        if (error.code === 'ECONNRESET' && (error.request as { reusedSocket?: boolean } | undefined)?.reusedSocket) return this.get(count);
        throw error;
      });
    } catch (error) {
      throw this.toTransportError(error);
    }
    return decodeJsonRows(body, this.target);
  }

  // The raw body is taken as a Buffer so its size is known exactly; parsing it in fetchRows is the same
  // Buffer -> string -> JSON.parse that axios does for responseType 'json'. No redirects: the JSON server never
  // sends one, and without them axios hands back Node's own ClientRequest (reusedSocket is on it).
  private async get(count: number): Promise<Buffer> {
    const url = `${this.target.address}/samples/${count}`;
    const response = await lastValueFrom(this.http.get<Buffer>(url, { responseType: 'arraybuffer', timeout: this.timeoutMs, maxRedirects: 0 }));
    return response.data;
  }

  private toTransportError(error: unknown): TransportError {
    const e = error as AxiosError<Buffer>;
    if (e.response) {
      const text = Buffer.isBuffer(e.response.data) ? e.response.data.toString('utf8').slice(0, 300) : '';
      return new TransportError('bad-response', this.target, `HTTP ${e.response.status} ${text}`.trim());
    }
    if (e.code && TIMEOUT_CODES.has(e.code)) {
      return new TransportError('timeout', this.target, `no complete response within ${this.timeoutMs} ms`);
    }
    if (e.code && UNAVAILABLE_CODES.has(e.code)) return new TransportError('unavailable', this.target, e.code);
    return new TransportError('bad-response', this.target, e.message ?? String(error));
  }
}
