import { socketsCapped } from './sockets-capped';

const budget = {
  openFilesLimit: 256,
  maxSockets: 42,
  maxCalls: 4,
  heavyCallRows: 1_000_000,
  heavyCallRequests: 20_000,
  retryAfterS: 5,
};

describe('socketsCapped', () => {
  it('says so when more requests were to be in flight than the pool holds sockets, with both numbers', () => {
    const capped = socketsCapped({ concurrency: 2000, requests: 2000 }, 42, budget);
    expect(capped).toMatchObject({ requested: 2000, cap: 42 });
    expect(capped?.reason).toContain('at most 42 sockets');
    expect(capped?.reason).toContain('open-files limit of 256');
    expect(capped?.reason).toContain('kept 42 requests in flight instead of 2000');
  });

  it('counts what can be in flight: fewer requests than the concurrency never need more sockets than requests', () => {
    expect(socketsCapped({ concurrency: 2000, requests: 42 }, 42, budget)).toBeUndefined();
    expect(socketsCapped({ concurrency: 43, requests: 1000 }, 42, budget)?.requested).toBe(43);
  });

  it('is silent for paths on one connection (HTTP/2, gRPC)', () => {
    expect(socketsCapped({ concurrency: 2000, requests: 2000 }, null, budget)).toBeUndefined();
  });
});
