// The streaming variants through the client app: the endpoints and their limits, chunk sizes, and a server killed
// mid-stream (502/503 naming it, with the rows received so far, and the client keeps serving).
import { getJson, LISTENING, startStack, Stack } from './support/stack';
import { readFileSync } from 'node:fs';
import { AppProcess } from './support/app-process';

/** utime + stime of a process, in clock ticks (/proc/<pid>/stat fields 14 and 15). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

jest.setTimeout(120_000);

describe('streaming variants through the client', () => {
  let stack: Stack;
  // Servers started again after a kill; the stack's stop() knows only the first ones.
  const restartedApps: AppProcess[] = [];
  beforeAll(async () => {
    // A small MAX_ROWS so "more rows than one message" is cheap to ask for.
    stack = await startStack({ MAX_ROWS: '50000', MAX_STREAM_ROWS: '3000000' });
  });
  afterAll(async () => {
    await stack.stop();
    await Promise.all(restartedApps.map((a) => a.stop()));
  });

  it('streams more rows than one message may hold, verified, in the chunks asked for, with phases', async () => {
    const { status, body } = await getJson(
      `${stack.clientUrl}/client/compare?variants=json-stream,grpc-stream&rows=120000&chunk=7000&runs=2&wire=1`,
    );
    expect(status).toBe(200);
    for (const r of body.results) {
      expect(r).toMatchObject({
        verified: true,
        chunkRows: 7000,
        rowsReceivedPerRun: 120_000,
        name: 'single rows=120000 chunk=7000',
      });
      expect(r.phases.ttfbMs).toBeLessThan(r.phases.ttlbMs);
      expect(r.phases.serverSerializeMs).toBeGreaterThan(0);
    }
    const single = await getJson(`${stack.clientUrl}/client/grpc/single/60000?variant=grpc-stream`);
    expect(single.body).toMatchObject({ variant: 'grpc-stream', chunkRows: 1000, verified: true });
  });

  it.each([
    [
      '/client/json/single/60000',
      'rows',
      new RegExp(
        String.raw`rows must be an integer from 1 to 50000.*stream them with json-stream, ` +
          String.raw`grpc-stream, json-stream-fjs, grpc-stream-static, connect-stream, go-json-stream or ` +
          String.raw`go-grpc-stream \(up to 3000000 rows, ` +
          String.raw`MAX_STREAM_ROWS\)`,
      ),
    ],
    ['/client/json/single/3000001?variant=json-stream', 'rows', /rows must be an integer from 1 to 3000000/],
    ['/client/grpc/single/10?variant=grpc-stream&chunk=50001', 'chunk', /chunk must be an integer from 1 to 50000/],
    ['/client/json/single/10?chunk=5', 'chunk', /chunk applies to the streaming variants/],
  ])('%s -> 400 naming %s', async (path, parameter, message) => {
    const { status, body } = await getJson(`${stack.clientUrl}${path}`);
    expect(status).toBe(400);
    expect(body.parameter).toBe(parameter);
    expect(body.message).toMatch(message);
  });

  it.each([
    ['json', 'json-stream', 'json-server'],
    ['grpc', 'grpc-stream', 'grpc-server'],
  ] as const)(
    'a %s server killed mid-stream: %s answers 502/503 naming it with the rows received, and the client keeps serving',
    async (family, variant, server) => {
      const app = family === 'json' ? stack.json : stack.grpc;
      const pid = app.child.pid!;
      const before = cpuTicks(pid);
      const pending = getJson(`${stack.clientUrl}/client/${family}/single/2000000?variant=${variant}&chunk=1000`);
      // Kill it once the stream is well under way: the client first works out the expected digest, so wait until the
      // server itself has spent a third of a second of CPU on the stream (bounded: 60 s, for a busy machine).
      for (let i = 0; i < 600 && cpuTicks(pid) - before < 33; i++) await new Promise((r) => setTimeout(r, 100));
      app.child.kill('SIGKILL');
      const { status, body } = await pending;
      expect([502, 503]).toContain(status);
      expect(body.server).toBe(server);
      expect(body.rowsReceived).toBeGreaterThan(0);
      expect(body.rowsReceived).toBeLessThan(2_000_000);
      expect(body.message).toMatch(new RegExp(`after ${body.rowsReceived} rows`));
      // The client is still there; the server comes back and is served again.
      const restarted = AppProcess.start(server, stack.env);
      restartedApps.push(restarted);
      await restarted.waitFor(LISTENING);
      const again = await getJson(`${stack.clientUrl}/client/${family}/single/1000?variant=${variant}`);
      expect(again.body).toMatchObject({ verified: true });
    },
  );
});
