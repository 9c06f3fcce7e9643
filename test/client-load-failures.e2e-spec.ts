// GET /client/load when nothing answers, and its parameters: the same validation as `npm run load`, and an error
// status (not a 200 with zero successes) when every request of the level failed.
import { readFileSync } from 'node:fs';
import { freePort } from './support/free-port';
import { pidsWithEnv } from './support/processes';
import { getJson, Stack, startStack } from './support/stack';

jest.setTimeout(60_000);

describe('GET /client/load failures', () => {
  let stack: Stack;

  beforeAll(async () => {
    // Bare servers are configured on ports where nothing listens.
    stack = await startStack({
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
      MAX_ENDPOINT_LOAD_DURATION_S: '5',
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it.each(['json', 'grpc'])(
    'answers 503 with the error counts when every %s request failed (no bare server running)',
    async (transport) => {
      const { status, body } = await getJson(
        `${stack.clientUrl}/client/load?transport=${transport}&target=bare&concurrency=2&duration=1&warmup=0`,
      );
      expect(status).toBe(503);
      expect(body.server).toBe(transport === 'json' ? 'json-server' : 'grpc-server');
      expect(body.message).toMatch(/every request of the level failed/);
      expect(body.requests).toBeGreaterThan(0);
      expect(Object.values(body.errors as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(body.requests);
      expect(body.level).toMatchObject({ successes: 0, targetKind: 'bare' });
    },
  );

  it.each([
    ['duration=6', 'duration', { min: 1, max: 5 }],
    ['concurrency=0', 'concurrency', { min: 1, max: 1000 }],
    ['transport=json&concurrency=10&connections=3', 'connections', { min: 1, max: 10 }],
    ['rows=abc', 'rows', { min: 1, max: 1_000_000 }],
    ['duration=1&requests=10', 'requests', undefined],
  ])('GET /client/load?%s -> 400 naming %s and its limit', async (query, parameter, limit) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/load?${query}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe(parameter);
    expect(body.limit).toBeDefined();
    if (limit) expect(body.limit).toMatchObject(limit);
  });

  it('rejects a parameter it does not take, listing the ones it does', async () => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/load?duration=1&runs=3`);
    expect(status).toBe(400);
    expect(body.parameter).toBe('runs');
    expect(body.message).toMatch(/valid parameters: transport, target, shape, concurrency/);
    expect(body.limit).toBeDefined();
  });

  it('stops the level when the caller goes away: the generator process ends and the client says so', async () => {
    const generators = () =>
      pidsWithEnv('CLIENT_PORT', stack.env.CLIENT_PORT).filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('generator-worker-main');
        } catch {
          return false;
        }
      });
    const caller = new AbortController();
    const call = fetch(`${stack.clientUrl}/client/load?transport=grpc&concurrency=4&duration=5&warmup=0`, {
      signal: caller.signal,
    }).catch(() => 'aborted');
    for (let i = 0; i < 50 && generators().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(generators().length).toBeGreaterThan(0);
    caller.abort();
    expect(await call).toBe('aborted');
    const started = Date.now();
    while (generators().length > 0 && Date.now() - started < 3000) await new Promise((r) => setTimeout(r, 50));
    expect(generators()).toEqual([]);
    await stack.client.waitFor(/measurement cancelled during the load level/, 3000);
  });
});
