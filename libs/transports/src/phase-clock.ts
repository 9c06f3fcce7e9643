import { performance } from 'node:perf_hooks';
import { parseServerTiming, ServerPhases } from '@app/server-timing';
import type { ClientPhases } from '@app/bench';

/**
 * One request's phase stamps, taken by the transport that issues it: create it just before the request, mark the
 * first and last byte where the client library lets us see them, time decode steps, attach the server's timing.
 * A few performance.now() calls per request: extra data about the same request, not a different clock.
 */
export class PhaseClock {
  private readonly start = performance.now();
  private firstByteAt: number | null = null;
  private lastByteAt: number | null = null;
  private decompressMs: number | null = null;
  private decodeMs: number | null = null;
  private server: ServerPhases = {};
  private readonly notes: string[] = [];

  /** The first byte of the response arrived (the first call counts). */
  firstByte(at: number = performance.now()): void {
    this.firstByteAt ??= at;
  }

  /**
   * The last byte of the response body arrived; also marks the first byte if nothing did. `at` is a
   * performance.now() stamp taken where the client library let us see it (e.g. inside a gRPC deserializer).
   */
  lastByte(at: number = performance.now()): void {
    this.firstByte(at);
    this.lastByteAt = at;
  }

  /** Runs `fn` and records its duration as the decode (or decompress) phase; its errors pass through. */
  time<T>(phase: 'decode' | 'decompress', fn: () => T): T {
    const started = performance.now();
    try {
      return fn();
    } finally {
      const ms = performance.now() - started;
      if (phase === 'decode') this.decodeMs = (this.decodeMs ?? 0) + ms;
      else this.decompressMs = (this.decompressMs ?? 0) + ms;
    }
  }

  /** Adds a phase measured elsewhere (e.g. inside a gRPC deserializer) to decode or decompress. */
  add(phase: 'decode' | 'decompress', ms: number): void {
    if (phase === 'decode') this.decodeMs = (this.decodeMs ?? 0) + ms;
    else this.decompressMs = (this.decompressMs ?? 0) + ms;
  }

  /** The server's Server-Timing header or trailer value(s), as received; a bad one becomes a note. */
  serverTiming(raw: string | string[] | undefined | null): void {
    const parsed = parseServerTiming(raw);
    this.server = parsed.phases;
    if (parsed.note) this.notes.push(parsed.note);
  }

  note(text: string): void {
    this.notes.push(text);
  }

  /** Milliseconds since the request was issued. */
  elapsed(): number {
    return performance.now() - this.start;
  }

  phases(): ClientPhases {
    const since = (t: number | null) => (t === null ? null : t - this.start);
    return {
      ttfbMs: since(this.firstByteAt),
      ttlbMs: since(this.lastByteAt),
      decompressMs: this.decompressMs,
      decodeMs: this.decodeMs,
      server: this.server,
      notes: this.notes,
    };
  }
}
