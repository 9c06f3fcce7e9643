// A long endpoint call shows signs of life: GET /client/progress lists it with its run and rows so far while it runs,
// and the client logs a progress line for it every CLIENT_PROGRESS_LOG_MS (here 1 s, to keep the test short).
import { getJson, useStackWithResults } from './support/stack';

jest.setTimeout(120_000);

const poll = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('progress of long calls', () => {
  const setup = useStackWithResults('wirebench-progress-', {}, { CLIENT_PROGRESS_LOG_MS: '1000' });

  it('GET /client/progress answers with no call in flight', async () => {
    expect(await getJson(`${setup.stack.clientUrl}/client/progress`)).toEqual({ status: 200, body: { calls: [] } });
  });

  it('lists a running stream with its run and rows so far, logs a line for it, and drops it once it ends', async () => {
    const path = '/client/grpc/single/2000000?variant=grpc-stream&chunk=500&runs=2';
    const caller = new AbortController();
    const call = fetch(`${setup.stack.clientUrl}${path}`, { signal: caller.signal }).catch((error: Error) => error);
    // Polled until the stream is part-way through a run: rows have arrived and more are to come.
    let seen: any;
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await poll(100)) {
      const { body } = await getJson(`${setup.stack.clientUrl}/client/progress`);
      seen = body.calls.find((c: any) => c.call === `GET ${path}`);
      if (seen?.progress && seen.progress.rowsSoFar > 0 && seen.progress.rowsSoFar < seen.progress.rowsPerRun) break;
    }
    expect(seen).toMatchObject({
      forMs: expect.any(Number),
      progress: {
        variant: 'grpc-stream',
        shape: 'row',
        mode: 'single',
        phase: 'measure',
        of: 2,
        rowsPerRun: 2_000_000,
        rowsSoFar: expect.any(Number),
      },
    });
    expect(seen.progress.rowsSoFar).toBeGreaterThan(0);
    expect(seen.progress.rowsSoFar).toBeLessThan(2_000_000);
    // Counted per chunk: whole chunks only.
    expect(seen.progress.rowsSoFar % 500).toBe(0);

    const line = new RegExp(
      `LOG \\[ProgressLog\\] grpc-stream single 2,000,000 rows: measured run [12]/2, [\\d,]+ rows so far, ` +
        `\\d+ s \\(GET ${path.replace(new RegExp(String.raw`[?.]` + String.raw``, 'g'), '\\$&')}\\)`,
    );
    await setup.stack.client.waitFor(line, 30_000);

    // Hanging up ends the call (no need to wait for 4,000,000 rows); then it is no longer listed.
    caller.abort();
    await call;
    await setup.stack.client.waitFor(/measurement cancelled/, 10_000);
    expect((await getJson(`${setup.stack.clientUrl}/client/progress`)).body.calls).toEqual([]);
  });

  it('logs nothing for a call shorter than the interval', async () => {
    const before = setup.stack.client.output.split('[ProgressLog]').length;
    expect((await getJson(`${setup.stack.clientUrl}/client/json/single/10`)).status).toBe(200);
    await poll(1500);
    expect(setup.stack.client.output.split('[ProgressLog]').length).toBe(before);
  });
});
