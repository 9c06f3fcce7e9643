import { errorKind, isTimeoutKind } from './error-kind';
import { LatencyRecorder } from './latency-recorder';
import type { MeasuredWindow } from './load-level.interface';

/** Everything a driver counts in a level's window: successes with their latency, failures by kind, bytes. */
export class LevelTally {
  private requests = 0;
  private successes = 0;
  private timeouts = 0;
  private payloadBytes = 0;
  private readonly errors: Record<string, number> = {};
  private readonly recorder: LatencyRecorder;

  constructor(windowStart: number) {
    this.recorder = new LatencyRecorder(windowStart);
  }

  succeeded(bytes: number, latencyMs: number, at: number): void {
    this.requests++;
    this.successes++;
    this.payloadBytes += bytes;
    this.recorder.record(latencyMs, at);
  }

  /** A failure with a known kind (e.g. http-503, client-overload); `at` is when it completed, if it was sent. */
  failed(kind: string, at?: number, timeout = isTimeoutKind(kind)): void {
    this.requests++;
    this.errors[kind] = (this.errors[kind] ?? 0) + 1;
    if (timeout) this.timeouts++;
    if (at !== undefined) this.recorder.countCompletion(at);
  }

  failedWith(error: unknown, at: number): void {
    this.failed(errorKind(error), at);
  }

  /** A response counted as a success whose body then failed the check: it becomes a "mismatch" error. */
  reclassifyAsMismatch(bytes: number): void {
    this.successes--;
    this.payloadBytes -= bytes;
    this.errors.mismatch = (this.errors.mismatch ?? 0) + 1;
  }

  get successCount(): number {
    return this.successes;
  }

  /** A count the tool measured itself (autocannon's timeouts), replacing ours. */
  setTimeouts(timeouts: number): void {
    this.timeouts = timeouts;
  }

  result(windowMs: number, endedBy: MeasuredWindow['endedBy']): MeasuredWindow {
    const { requests, successes, timeouts, payloadBytes, errors } = this;
    return {
      requests,
      successes,
      timeouts,
      payloadBytes,
      errors,
      ...this.recorder.summary(windowMs),
      windowMs,
      endedBy,
    };
  }
}
