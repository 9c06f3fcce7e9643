// The drivers' bookkeeping with an in-process "server" (a timer); the real transports are covered in test/load.
import { driveClosedLoop } from './drive-closed-loop';
import { driveOpenLoop } from './drive-open-loop';

const after = (ms: number, bytes = 10) => new Promise<number>((r) => setTimeout(() => r(bytes), ms));

describe('driveClosedLoop', () => {
  it('keeps `concurrency` requests in flight and counts only the window', async () => {
    let inFlight = 0;
    let peak = 0;
    let fired = 0;
    const edges: string[] = [];
    const r = await driveClosedLoop({
      concurrency: 4,
      warmupMs: 100,
      durationMs: 500,
      onWindow: (e) => edges.push(e),
      fire: async () => {
        fired++;
        peak = Math.max(peak, ++inFlight);
        const bytes = await after(5);
        inFlight--;
        return bytes;
      },
    });
    expect(peak).toBe(4);
    expect(edges).toEqual(['start', 'end']);
    expect(r.requests).toBe(r.successes);
    // Only the window counts: fewer than every request fired, the warm-up's first four at least left out. No bound by
    // speed: on a loaded CI machine the 5 ms timers of this worker took ~160 ms each (12 successes in the window).
    expect(r.successes).toBeGreaterThan(0);
    expect(r.successes).toBeLessThanOrEqual(fired - 4);
    expect(r.payloadBytes).toBe(r.successes * 10);
    expect(r.latency.p50).toBeGreaterThanOrEqual(4);
    expect(r.perSecond).toHaveLength(0); // a 0.5 s window has no whole second
  });

  it('counts errors by kind and stops after the request count in count mode', async () => {
    let n = 0;
    const r = await driveClosedLoop({
      concurrency: 2,
      warmupMs: 0,
      durationMs: 0,
      requests: 50,
      fire: async () => {
        await after(1);
        if (++n % 5 === 0) throw Object.assign(new Error('refused'), { code: 'ECONNREFUSED' });
        return 1;
      },
    });
    expect(r.requests).toBe(50);
    expect(r.errors).toEqual({ ECONNREFUSED: 10 });
    expect(r.successes).toBe(40);
    expect(r.endedBy).toBe('requests');
  });
});

describe('driveOpenLoop', () => {
  it('sends on schedule and measures from the intended send time, so a slow server shows its queue', async () => {
    // A server that takes 20 ms per request, one at a time: at 100 req/s the queue grows.
    let busyUntil = 0;
    const r = await driveOpenLoop({
      rate: 100,
      maxInFlight: 1000,
      warmupMs: 0,
      durationMs: 1000,
      fire: () => {
        const now = Date.now();
        busyUntil = Math.max(busyUntil, now) + 20;
        return after(busyUntil - now);
      },
    });
    expect(r.requests).toBe(100);
    expect(r.successes).toBe(100);
    // The 100th request waits behind ~99 others: its latency from the schedule is about a second, not 20 ms.
    expect(r.latency.max).toBeGreaterThan(800);
  }, 15_000);

  it('counts a request it cannot send because too many are in flight as client-overload', async () => {
    const r = await driveOpenLoop({ rate: 200, maxInFlight: 5, warmupMs: 0, durationMs: 500, fire: () => after(400) });
    expect(r.errors['client-overload']).toBeGreaterThan(50);
    expect(r.requests).toBe(100);
  });
});
