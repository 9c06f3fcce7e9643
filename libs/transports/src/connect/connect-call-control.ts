import type { CallOptions } from '@connectrpc/connect';

/**
 * What one connect-es call is cancelled and read by, for the unary and the streaming transport alike: a plain client
 * timer (as the gRPC transports use: a call timeout would add a deadline header and timers on the server), refreshed
 * per message for a stream's idle timeout; the caller's signal; and the server's `server-timing`, from its headers or
 * its trailers, whichever carries it.
 */
export class ConnectCallControl {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = () => this.controller.abort();
  private timedOutFlag = false;
  private timing: string | null = null;

  constructor(
    timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.timer = setTimeout(() => {
      this.timedOutFlag = true;
      this.controller.abort();
    }, timeoutMs);
    signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  /** The call's options: its signal, the meter's headers, and where server-timing is read. */
  options(headers: HeadersInit): CallOptions {
    return {
      signal: this.controller.signal,
      headers,
      onHeader: (h) => (this.timing ??= h.get('server-timing')),
      onTrailer: (t) => (this.timing ??= t.get('server-timing')),
    };
  }

  /** A message arrived: the idle timeout starts again. */
  refresh(): void {
    this.timer.refresh();
  }

  /** Whether the timer, not the caller or the server, ended the call. */
  get timedOut(): boolean {
    return this.timedOutFlag;
  }

  get serverTiming(): string | null {
    return this.timing;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.signal?.removeEventListener('abort', this.onAbort);
  }
}
