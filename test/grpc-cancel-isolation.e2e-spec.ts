// Found by the "hold under abuse" soak: a /client/grpc/single/1000000 answered 502 "Received RST_STREAM with code 2
// triggered by internal client error: Session closed with error code 2" while another caller's parallel gRPC run of
// thousands of calls was cancelled. The client's measurements shared one HTTP/2 connection (grpc-js pools them by
// address and options), so the cancelled run's burst of RST_STREAMs, past the 1,000 that the server's nghttp2 allows
// before it takes them for a rapid-reset attack, closed that connection with GOAWAY INTERNAL_ERROR and every other
// call on it. Each measurement now has its own connection (OWN_CONNECTION_OPTION).
import { Stack, startStack } from './support/stack';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a caller's cancelled parallel gRPC run", () => {
  let stack: Stack;
  let clientUrl: string;

  beforeAll(async () => {
    stack = await startStack();
    clientUrl = stack.clientUrl;
  });

  afterAll(() => stack.stop());

  it("with 3,000 calls in flight does not fail another caller's call", async () => {
    // Seconds of work on the server, so the other caller's run is under way when this one hangs up; each call under
    // CLIENT_HEAVY_CALL_ROWS (1,000,000 rows in all), which admits one heavy call at a time.
    const other = fetch(`${clientUrl}/client/grpc/single/400000?runs=2&warmup=0`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    const caller = new AbortController();
    const cancelled = fetch(`${clientUrl}/client/grpc/parallel/3000?rows=300&runs=1&warmup=0`, {
      signal: caller.signal,
    }).then(
      (r) => `answered ${r.status}`,
      () => 'aborted',
    );
    // Long enough for all 3,000 calls to be started, short of their end.
    await sleep(1000);
    caller.abort();
    expect(await cancelled).toBe('aborted');
    const { status, body } = await other;
    if (status !== 200) console.log(`the other caller: ${status} ${JSON.stringify(body).slice(0, 400)}`);
    expect(status).toBe(200);
    expect(body.verified ?? body.stats?.verified ?? true).toBe(true);
  });
});
