import { status } from '@grpc/grpc-js';
import { LevelTally } from '../level-tally';
import type { MeasuredWindow } from '../load-level.interface';

/** The part of ghz's `--format json` report read here (ghz runner.Report). */
export interface GhzReport {
  date: string;
  endReason: string;
  count: number;
  /** Run duration, ns. */
  total: number;
  errorDistribution?: Record<string, number> | null;
  details?: { timestamp: string; latency: number; error: string; status: string }[] | null;
}

// What ghz reports for the calls it had in flight when its -z duration ran out and it closed its connections:
// abandoned by ghz itself, so they are dropped, not counted as the server's errors.
const STOPPED_BY_GHZ = /use of closed network connection|client connection is closing|context canceled/;

/**
 * A ghz error message as the grpc-js status name ("code = DeadlineExceeded" -> DEADLINE_EXCEEDED), like the other
 * drivers' kinds.
 */
export function ghzErrorKind(message: string): string {
  const code = /code = (\w+)/.exec(message)?.[1];
  if (!code) return (message.split(/[\s:]/)[0] || 'error').slice(0, 40);
  const name = code === 'Canceled' ? 'CANCELLED' : code.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
  return name in status ? name : code;
}

/**
 * ghz's report as the window every driver measures: each call from its details goes through the same tally and
 * microsecond HDR recorder, per-second counts from its timestamps. Payload bytes are `messageBytes` per success
 * (ghz does not report them; the servers' replies to one request are identical).
 */
export function ghzReportWindow(
  report: GhzReport,
  messageBytes: number,
  endedBy: MeasuredWindow['endedBy'],
): MeasuredWindow & { dropped: number } {
  const details = report.details ?? [];
  // The report's date has whole seconds only: the window starts with the first call.
  const windowStart = details.reduce((t, d) => Math.min(t, Date.parse(d.timestamp)), Infinity);
  const tally = new LevelTally(Number.isFinite(windowStart) ? windowStart : Date.parse(report.date));
  let dropped = 0;
  for (const d of details) {
    const latencyMs = d.latency / 1e6;
    const at = Date.parse(d.timestamp) + latencyMs;
    if (!d.error) tally.succeeded(messageBytes, latencyMs, at);
    else if (endedBy === 'duration' && STOPPED_BY_GHZ.test(d.error)) dropped++;
    else tally.failed(ghzErrorKind(d.error), at);
  }
  return { ...tally.result(report.total / 1e6, endedBy), dropped };
}
