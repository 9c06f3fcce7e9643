import { describeRefusal, InflightBudget, isRefusal, Reservation } from './inflight-budget';

describe('InflightBudget', () => {
  it('admits replies while they fit, refuses the next as busy, and takes bytes back once per release', () => {
    const budget = new InflightBudget(100);
    const a = budget.reserve(60) as Reservation;
    expect(isRefusal(a)).toBe(false);
    const b = budget.reserve(50);
    expect(b).toEqual({
      kind: 'busy',
      requestedBytes: 50,
      inUseBytes: 60,
      limitBytes: 100,
      setting: 'MAX_INFLIGHT_BYTES',
    });
    expect(describeRefusal(b as never)).toMatch(/server busy.*MAX_INFLIGHT_BYTES/);
    a.release();
    a.release();
    expect(budget.inUseBytes).toBe(0);
    expect(isRefusal(budget.reserve(100))).toBe(false);
    expect(budget.replies).toBe(1);
  });

  it('a reply larger than the whole budget is too large, not busy: waiting cannot help', () => {
    const refusal = new InflightBudget(100, 'STREAM_BUFFER_BYTES').reserve(101);
    expect(refusal).toMatchObject({ kind: 'too-large', setting: 'STREAM_BUFFER_BYTES' });
    expect(describeRefusal(refusal as never)).toMatch(/more than the server's STREAM_BUFFER_BYTES \(100 bytes\)/);
  });
});
