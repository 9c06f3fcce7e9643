// Bad input and abandoned calls on the client endpoints, against the built apps: parameters an endpoint does not
// use, the `limit` every 400 carries, MAX_CALL_ROWS, and a caller that hangs up mid-measurement.
import { processCpuMs } from '@app/bench';
import { shapeNames } from '@app/shapes';
import { Stack, getJson, startStack } from './support/stack';

jest.setTimeout(90_000);

const MAX_CALL_ROWS = 20_000_000;
const COMMON = ['shape', 'runs', 'warmup', 'name', 'wire', 'save', 'label', 'network', 'raw'];
const SINGLE = ['variant', 'chunk', ...COMMON];
const PARALLEL = ['variant', 'chunk', 'rows', 'concurrency', ...COMMON];
const COMPARE = ['variants', 'chunk', 'rows', 'requests', 'concurrency', ...COMMON];
// /client/bench also takes the noise settings the CLI sends (--disturbed-above, --rerun-disturbed), after concurrency.
const BENCH = [
  'transports',
  'variants',
  'mode',
  'chunk',
  'rows',
  'requests',
  'concurrency',
  'disturbedAbove',
  'rerunDisturbed',
  ...COMMON,
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('client endpoint parameters and cancellation', () => {
  let stack: Stack;

  beforeAll(async () => {
    // 2,000 sockets at once (above the default cap of 1,000), so a cancelled run of 2,000 has them all in flight and
    // stops at a run's end; capped, it would stop mid-run with requests still in flight (they finish unread).
    stack = await startStack({ MAX_CALL_ROWS: String(MAX_CALL_ROWS), CLIENT_MAX_SOCKETS: '2000' });
  });
  afterAll(async () => stack?.stop());

  it('refuses a parameter the endpoint does not use, naming it and the valid ones', async () => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/json/single/1?requests=abc`);
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: `requests does not apply to /client/json/single/:rows; valid parameters: ${SINGLE.join(', ')}`,
      parameter: 'requests',
      limit: { parameters: SINGLE },
    });
  });

  it.each([
    ['compare?mode=serial', 'mode', '/client/compare', COMPARE],
    ['call-a/1?concurrency=1', 'concurrency', '/client/call-a/:rows', SINGLE],
    ['grpc/single/1?rows=5', 'rows', '/client/grpc/single/:rows', SINGLE],
    ['call-b-parallel/2?requests=3', 'requests', '/client/call-b-parallel/:requests', PARALLEL],
    ['json/parallel/2?transports=json', 'transports', '/client/json/parallel/:requests', PARALLEL],
    ['bench?runs=1&Runs=2&speed=9', 'Runs,speed', '/client/bench', BENCH],
  ])('GET /client/%s -> 400 naming %s', async (path, parameter, route, valid) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/${path}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ parameter, limit: { parameters: valid } });
    expect(body.message).toContain(`not apply to ${route}; valid parameters: ${valid.join(', ')}`);
  });

  it.each([
    ['json/single/5?runs=1&runs=2', 'runs'],
    ['compare?rows=1&rows=1', 'rows'],
    ['bench?transports=json&transports=grpc', 'transports'],
    ['grpc/parallel/3?label=a&label=b', 'label'],
    ['bench?shape=row&shape=text', 'shape'],
  ])('GET /client/%s -> 400: %s given twice', async (path, parameter) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/${path}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ parameter, limit: { maxCount: 1 } });
    expect(body.message).toContain(`${parameter} is given 2 times`);
  });

  it.each([
    ['json/single/5?wire=yes', 'wire', { values: ['0', '1'] }],
    ['grpc/single/5?save=true', 'save', { values: ['0', '1'] }],
    [`compare?label=${'x'.repeat(201)}`, 'label', { maxLength: 200 }],
    ['bench?transports=json,soap', 'transports', { values: ['json', 'grpc', 'connect'] }],
    ['bench?mode=burst', 'mode', { values: ['single', 'parallel'] }],
    ['json/single/5?name=%0A', 'name', { minLength: 1, maxLength: 64 }],
    ['json/single/0', 'rows', { min: 1, max: 1_000_000 }],
    ['json/single/5?shape=nope', 'shape', { values: shapeNames() }],
    ['grpc/parallel/2?shape=Row', 'shape', { values: shapeNames() }],
    ['compare?variants=json,grpc-stream&shape=', 'shape', { values: shapeNames() }],
    ['bench?transports=json&shape=nope', 'shape', { values: shapeNames() }],
  ])('GET /client/%s -> 400 with the limit of %s', async (path, parameter, limit) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/${path}`);
    expect(status).toBe(400);
    expect(body).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: expect.stringContaining(parameter),
      parameter,
      limit,
    });
  });

  it('names the valid shapes in the 400 for an unknown one', async () => {
    const { body } = await getJson(`${stack.clientUrl}/client/json/single/5?shape=nope`);
    expect(body.message).toBe(`unknown shape "nope": valid shapes are ${shapeNames().join(', ')}`);
  });

  it("measures the same thing with ?shape=row as with no shape: the article's row, as before shapes", async () => {
    const fields = (r: any) => ({
      name: r.name,
      shape: r.shape,
      variant: r.variant,
      rows: r.rowsPerRequest,
      payload: r.payloadBytesPerRequest,
      received: r.rowsReceivedPerRun,
      verified: r.verified,
    });
    for (const variant of ['json', 'grpc', 'proto-http', 'grpc-stream']) {
      const family = variant.startsWith('grpc') ? 'grpc' : 'json';
      const plain = await getJson(`${stack.clientUrl}/client/${family}/single/100?variant=${variant}&raw=1`);
      const named = await getJson(`${stack.clientUrl}/client/${family}/single/100?variant=${variant}&shape=row&raw=1`);
      expect([plain.status, named.status]).toEqual([200, 200]);
      expect(fields(named.body)).toEqual(fields(plain.body));
      expect(fields(plain.body)).toMatchObject({
        name: expect.stringMatching(/^single rows=100( chunk=\d+)?$/),
        shape: 'row',
        verified: true,
      });
    }
  });

  it.each([
    // 1,000,000 rows x (1 warm-up + 20 runs) on one transport.
    ['json/single/1000000?runs=20&warmup=1', 21_000_000],
    // 18,000,000 without the wire pass, which adds a 1-row run and a counted run per transport.
    ['compare?rows=1000000&runs=9&wire=1', 20_000_002],
    ['bench?transports=grpc&rows=1000&requests=1000&runs=21', 21_000_000],
  ])('GET /client/%s -> 400 naming MAX_CALL_ROWS and the work, %p rows', async (path, work) => {
    const started = Date.now();
    const { status, body } = await getJson(`${stack.clientUrl}/client/${path}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ parameter: 'MAX_CALL_ROWS', limit: { max: MAX_CALL_ROWS } });
    expect(body.message).toContain(`would fetch ${work} rows`);
    expect(body.message).toContain(`over MAX_CALL_ROWS ${MAX_CALL_ROWS}`);
    // Refused before anything is sent: no run took place.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  // The caller hangs up once the first measured run is logged; the client must stop within a run (all requests at
  // once) or within a request (capped concurrency), log it in one line, and leave the servers idle.
  it.each([
    ['json/parallel/2000?runs=50', /json parallel rows=1 requests=2000 concurrency=2000 measure 1\/50/],
    ['compare?rows=1000&requests=100&concurrency=2&runs=50', /rows=1000 requests=100 concurrency=2 measure 1\/50/],
  ])('a caller that hangs up on /client/%s cancels the measurement', async (path, firstRun) => {
    const logFrom = stack.client.output.length;
    const controller = new AbortController();
    const pending = fetch(`${stack.clientUrl}/client/${path}`, { signal: controller.signal }).then(
      (r) => `answered ${r.status}`,
      (e: Error) => e.name,
    );
    await waitForOutput(() => stack.client.output.slice(logFrom), firstRun, 30_000);
    controller.abort();
    expect(await pending).toBe('AbortError');
    const abortedAt = Date.now();

    // Before the next run or request, or during one whose requests in flight were aborted.
    const cancelled =
      /BenchExceptionFilter.*measurement cancelled (before|during) [^\n]*: the caller closed the connection/;
    await waitForOutput(() => stack.client.output.slice(logFrom), cancelled, 10_000);
    const log = () => stack.client.output.slice(logFrom);
    expect(
      log()
        .split('\n')
        .filter((l) => cancelled.test(l)),
    ).toHaveLength(1);
    const stoppedWithin = Date.now() - abortedAt;
    // Requests already in flight are aborted: the run stops at once, not when its 2,000 requests are back.
    expect(stoppedWithin).toBeLessThan(10_000);

    // Idle afterwards: no further run lines, and the servers' CPU time comes to a stand (a run costs them far more
    // than 50 ms a second, every second). Not the first second: the servers may still be answering the requests
    // that reached them before the abort, and collecting their garbage (72 ms in one CI second).
    await sleep(300);
    const runs = (log().match(/ measure \d+\/50/g) ?? []).length;
    const busiest = await serversCpuUntilIdle([stack.json.child.pid!, stack.grpc.child.pid!], 50, 4);
    expect((log().match(/ measure \d+\/50/g) ?? []).length).toBe(runs);
    expect(runs).toBeLessThan(50);
    expect(busiest).toBeLessThan(50);

    // And the client goes on serving.
    expect((await getJson(`${stack.clientUrl}/client/json/single/3`)).status).toBe(200);
  });
});

/** The servers' CPU milliseconds in 1-second windows, up to `windows` of them, until one is under `idleMs` for every
 * server; returns the busiest server's milliseconds in the last window. */
async function serversCpuUntilIdle(pids: number[], idleMs: number, windows: number): Promise<number> {
  let busiest = Infinity;
  for (let w = 0; w < windows && busiest >= idleMs; w++) {
    const before = pids.map((pid) => processCpuMs(pid)!);
    await sleep(1000);
    busiest = Math.max(...pids.map((pid, i) => processCpuMs(pid)! - before[i]));
  }
  return busiest;
}

async function waitForOutput(output: () => string, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(output())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${output().slice(-3000)}`);
    await sleep(20);
  }
}
