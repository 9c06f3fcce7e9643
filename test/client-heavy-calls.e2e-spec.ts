// Found by the "hold under abuse" soak: a call of 100,000 parallel 1-row requests is only 100,000 rows, under
// CLIENT_HEAVY_CALL_ROWS, so it ran beside a 1,000,000-row gRPC call; each slowed the other (59 s for a reply that
// takes 12-15 s alone) and with the soak's other callers the large one ran past REQUEST_TIMEOUT_MS: 504. A call is
// now heavy by its requests too (CLIENT_HEAVY_CALL_REQUESTS), set low here so CI-sized numbers show it.
import { AppProcess } from './support/app-process';
import { LISTENING, getJson, portsEnv } from './support/stack';

jest.setTimeout(120_000);

describe('a call heavy by its requests', () => {
  let json: AppProcess;
  let client: AppProcess;
  let clientUrl: string;

  beforeAll(async () => {
    const env = await portsEnv({ CLIENT_HEAVY_CALL_REQUESTS: '1000' });
    json = AppProcess.start('json-server', env);
    client = AppProcess.start('client', env);
    await Promise.all([json.waitFor(LISTENING), client.waitFor(LISTENING)]);
    clientUrl = `http://127.0.0.1:${env.CLIENT_PORT}`;
  });
  afterAll(async () => {
    await Promise.all([client?.stop(), json?.stop()]);
  });

  it(
    'runs alone among heavy calls: a second is refused 503 naming the rule, a light one is served ' + 'meanwhile',
    async () => {
      let settled = false;
      // 2,000 requests of 1 row in each of 3 runs: 6,000 rows, far under CLIENT_HEAVY_CALL_ROWS, heavy by requests.
      const heavy = getJson(`${clientUrl}/client/json/parallel/2000?concurrency=100&runs=3&warmup=0`).finally(
        () => (settled = true),
      );
      let refused: { status: number; body: { message: string }; retryAfter: string | null } | undefined;
      let lightWhileBusy: number | undefined;
      while (!settled && (refused === undefined || lightWhileBusy === undefined)) {
        if (refused === undefined) {
          const second = await fetch(`${clientUrl}/client/json/parallel/1000?runs=1&warmup=0`);
          const body = await second.json();
          if (second.status === 503 && !settled)
            refused = { status: second.status, body, retryAfter: second.headers.get('retry-after') };
        }
        if (lightWhileBusy === undefined && !settled) {
          const light = await fetch(`${clientUrl}/client/json/single/10?runs=1&warmup=0`);
          await light.arrayBuffer();
          if (!settled) lightWhileBusy = light.status;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const { status, body } = await heavy;
      expect(status).toBe(200);
      expect(body.verified).toBe(true);
      expect(refused?.retryAfter).toMatch(/^\d+$/);
      expect(refused?.body.message).toMatch(
        new RegExp(
          String.raw`one heavy call \(1000000 rows or 1000 requests or more in all, or a load level\) ` +
            String.raw`at a time \(CLIENT_HEAVY_CALL_ROWS, CLIENT_HEAVY_CALL_REQUESTS\) and is running json ` +
            String.raw`parallel, 6000 rows in 6000 requests in all`,
        ),
      );
      expect(lightWhileBusy).toBe(200);
    },
  );
});
