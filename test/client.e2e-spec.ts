// Every client endpoint and alias against the real servers, each as the process users run.
import { Stack, getJson, startStack } from './support/stack';

jest.setTimeout(60_000);

const ENDPOINTS = [
  { path: 'json/single/5', transport: 'json', mode: 'single', rows: 5, requests: 1 },
  { path: 'call-a/5', transport: 'json', mode: 'single', rows: 5, requests: 1 },
  { path: 'grpc/single/5', transport: 'grpc', mode: 'single', rows: 5, requests: 1 },
  { path: 'call-b/5', transport: 'grpc', mode: 'single', rows: 5, requests: 1 },
  { path: 'json/parallel/10', transport: 'json', mode: 'parallel', rows: 1, requests: 10 },
  { path: 'call-a-parallel/10', transport: 'json', mode: 'parallel', rows: 1, requests: 10 },
  { path: 'grpc/parallel/10', transport: 'grpc', mode: 'parallel', rows: 1, requests: 10 },
  { path: 'call-b-parallel/10', transport: 'grpc', mode: 'parallel', rows: 1, requests: 10 },
] as const;

describe('client endpoints', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack({ MAX_ROWS: '50000', MAX_REQUESTS: '2000', MAX_RUNS: '10', MAX_WARMUP: '5' });
  });
  afterAll(async () => stack?.stop());

  it.each(ENDPOINTS)('GET /client/$path times verified requests to the $transport server', async (e) => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/${e.path}?runs=3&warmup=1`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      transport: e.transport,
      mode: e.mode,
      rowsPerRequest: e.rows,
      requests: e.requests,
      concurrency: e.requests,
      warmup: 1,
      verified: true,
      rowsReceivedPerRun: e.rows * e.requests,
      target: {
        server: e.transport === 'json' ? 'json-server' : 'grpc-server',
        address:
          e.transport === 'json'
            ? `http://127.0.0.1:${stack.env.JSON_SERVER_PORT}`
            : `127.0.0.1:${stack.env.GRPC_SERVER_PORT}`,
      },
    });
    expect(body.runs).toHaveLength(3);
    for (const [i, run] of body.runs.entries()) {
      expect(run).toMatchObject({ run: i + 1, rowsReceived: e.rows * e.requests, verified: true });
      expect(run.ms).toBeGreaterThan(0);
      expect(run.payloadBytes).toBeGreaterThan(0);
      expect(run.payloadBytes).toBe(body.payloadBytesPerRun);
    }
    const { stats } = body;
    expect(stats.n).toBe(3);
    expect(stats.minMs).toBeLessThanOrEqual(stats.medianMs);
    expect(stats.medianMs).toBeLessThanOrEqual(stats.maxMs * 1.001);
    expect(stats.meanMs).toBeGreaterThanOrEqual(stats.minMs);
    expect(stats.meanMs).toBeLessThanOrEqual(stats.maxMs);
    expect(Date.parse(body.endedAt)).toBeGreaterThanOrEqual(Date.parse(body.startedAt));
  });

  it('measures payload bytes: the JSON body is the exact JSON text, the protobuf message is smaller', async () => {
    const json = await getJson(`${stack.clientUrl}/client/json/single/1000`);
    const grpc = await getJson(`${stack.clientUrl}/client/grpc/single/1000`);
    const text = await (await fetch(`http://127.0.0.1:${stack.env.JSON_SERVER_PORT}/samples/1000`)).text();
    expect(json.body.payloadBytesPerRun).toBe(Buffer.byteLength(text));
    expect(grpc.body.payloadBytesPerRun).toBeGreaterThan(0);
    expect(grpc.body.payloadBytesPerRun).toBeLessThan(json.body.payloadBytesPerRun);
  });

  it('takes ?rows= and ?concurrency= in parallel mode', async () => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/grpc/parallel/8?rows=20000&concurrency=2`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      rowsPerRequest: 20000,
      requests: 8,
      concurrency: 2,
      rowsReceivedPerRun: 160000,
      verified: true,
    });
  });

  it("runs the article's 1,000 parallel requests on both transports", async () => {
    for (const transport of ['json', 'grpc']) {
      const { status, body } = await getJson(`${stack.clientUrl}/client/${transport}/parallel/1000`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ requests: 1000, concurrency: 1000, rowsReceivedPerRun: 1000, verified: true });
    }
  });

  it('logs one line per measurement through the Nest Logger', async () => {
    await getJson(`${stack.clientUrl}/client/json/single/7?runs=2&warmup=1`);
    const lines = stack.client.output
      .split('\n')
      .filter((l) => /BenchService.*json single rows=7 .*measure \d\/2: [\d.]+ ms/.test(l));
    expect(lines).toHaveLength(2);
  });

  it('compare runs both transports interleaved and gives the ratio', async () => {
    const { status, body } = await getJson(`${stack.clientUrl}/client/compare?rows=2000&requests=4&runs=3&warmup=1`);
    expect(status).toBe(200);
    expect(body.json).toMatchObject({
      transport: 'json',
      mode: 'parallel',
      rowsPerRequest: 2000,
      requests: 4,
      verified: true,
    });
    expect(body.grpc).toMatchObject({
      transport: 'grpc',
      mode: 'parallel',
      rowsPerRequest: 2000,
      requests: 4,
      verified: true,
    });
    expect(body.json.runs).toHaveLength(3);
    expect(body.grpc.runs).toHaveLength(3);
    // All three are rounded to 3 significant digits in the reply (readableNumber): they agree within that.
    expect(body.ratio.medianGrpcOverJson / (body.grpc.stats.medianMs / body.json.stats.medianMs)).toBeCloseTo(1, 1);
    // 3 runs a side: below MIN_RUNS_FOR_VERDICT, so the reply names no faster side and says why.
    expect(body).toMatchObject({ faster: null, distinguishable: false, tooFewRuns: true, verdict: 'too few runs' });
    // Interleaved: the log shows the measured runs alternating between transports, not one block after the other.
    const order = stack.client.output
      .split('\n')
      .filter((l) => / rows=2000 requests=4 .*measure /.test(l))
      .map((l) => (/ json parallel /.test(l) ? 'json' : 'grpc'));
    expect(order).toHaveLength(6);
    for (let i = 0; i < 6; i += 2) expect(new Set(order.slice(i, i + 2)).size).toBe(2);
    const single = await getJson(`${stack.clientUrl}/client/compare?rows=10`);
    expect(single.body.json).toMatchObject({ mode: 'single', requests: 1 });
  });

  describe('bad parameters get a 400 naming the parameter and the limit', () => {
    it.each([
      ['json/single/0', 'rows', 50000],
      ['json/single/50001', 'rows', 50000],
      ['grpc/single/abc', 'rows', 50000],
      ['grpc/single/1e3', 'rows', 50000],
      ['json/parallel/2001', 'requests', 2000],
      ['grpc/parallel/-3', 'requests', 2000],
      ['json/parallel/10?rows=50001', 'rows', 50000],
      ['json/parallel/10?concurrency=11', 'concurrency', 10],
      ['grpc/parallel/10?concurrency=0', 'concurrency', 10],
      ['json/single/5?runs=11', 'runs', 10],
      ['json/single/5?runs=0', 'runs', 10],
      ['grpc/single/5?warmup=6', 'warmup', 5],
      ['grpc/single/5?warmup=x', 'warmup', 5],
      ['compare?rows=50001', 'rows', 50000],
      ['compare?requests=2001', 'requests', 2000],
    ])('GET /client/%s -> %s', async (path, parameter, max) => {
      const { status, body } = await getJson(`${stack.clientUrl}/client/${path}`);
      expect(status).toBe(400);
      expect(body).toMatchObject({ statusCode: 400, parameter, limit: { max } });
      expect(body.message).toContain(parameter);
      expect(body.message).toContain(String(max));
    });
  });
});
