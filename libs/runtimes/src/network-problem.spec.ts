import { closedPort } from './fixtures/closed-port';
import { silentServer } from './fixtures/silent-server';
import { networkProblem } from './network-problem';

describe('networkProblem', () => {
  it('names the cause undici keeps behind "fetch failed"', async () => {
    const port = await closedPort();
    const error = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(networkProblem(error)).toBe(`fetch failed: ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:${port}`);
  });

  it('says a timeout is a timeout', async () => {
    const silent = await silentServer();
    try {
      const error = await fetch(silent.url, { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
      expect(networkProblem(error)).toBe('timed out');
    } finally {
      await silent.close();
    }
  });

  it('passes a plain error through', () => {
    expect(networkProblem(new Error('503 Service Unavailable'))).toBe('503 Service Unavailable');
  });
});
