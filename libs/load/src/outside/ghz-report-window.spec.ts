// ghz's JSON report, hand-built, into the window every driver measures.
import { ghzErrorKind, GhzReport, ghzReportWindow } from './ghz-report-window';

const at = (ms: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0) + ms).toISOString().replace('Z', '123456Z');
const call = (startMs: number, latencyMs: number, error = '') => ({
  timestamp: at(startMs),
  latency: latencyMs * 1e6,
  error,
  status: error ? 'x' : 'OK',
});

describe('ghzReportWindow', () => {
  const report: GhzReport = {
    date: '2026-01-01T00:00:00Z',
    endReason: 'timeout',
    count: 6,
    total: 2000e6,
    details: [
      call(0, 1),
      call(10, 3),
      call(1500, 2),
      call(1600, 10_000, 'rpc error: code = DeadlineExceeded desc = context deadline exceeded'),
      call(1700, 1, 'rpc error: code = Unavailable desc = connection refused'),
      call(
        1999,
        1,
        'rpc error: code = Unavailable desc = error reading from server: read tcp: use of closed network connection',
      ),
    ],
  };

  it(
    'counts successes with their latency, errors by grpc-js kind, and drops the calls ghz abandoned at its ' + 'end',
    () => {
      const w = ghzReportWindow(report, 7, 'duration');
      expect(w).toMatchObject({
        requests: 5,
        successes: 3,
        errors: { DEADLINE_EXCEEDED: 1, UNAVAILABLE: 1 },
        timeouts: 1,
        payloadBytes: 21,
        windowMs: 2000,
        dropped: 1,
        endedBy: 'duration',
      });
      expect(w.latency.max).toBeCloseTo(3, 1);
      expect(w.latency.p50).toBeCloseTo(2, 1);
      // Two completions in second 0, the third success and the refused call in second 1 (the timeout ends later).
      expect(w.perSecond).toEqual([2, 2]);
    },
  );

  it('keeps those errors in count mode, where ghz does not stop early', () => {
    expect(ghzReportWindow(report, 7, 'requests').errors).toEqual({ DEADLINE_EXCEEDED: 1, UNAVAILABLE: 2 });
  });

  it.each([
    ['rpc error: code = Canceled desc = x', 'CANCELLED'],
    ['rpc error: code = InvalidArgument desc = count', 'INVALID_ARGUMENT'],
    ['rpc error: code = ResourceExhausted desc = big', 'RESOURCE_EXHAUSTED'],
    ['EOF', 'EOF'],
  ])('%s -> %s', (message, kind) => expect(ghzErrorKind(message)).toBe(kind));
});
