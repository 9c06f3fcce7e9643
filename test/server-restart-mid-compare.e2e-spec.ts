// A JSON server killed during a json-stream compare and started again at once on its port (as `npm run start:all`
// does a second later): the runs after the restart would time another, cold process, so the client must not answer
// 200 with figures that span two server processes, but say what happened.
import { AppProcess } from './support/app-process';
import { getJson, LISTENING, Stack, startStack } from './support/stack';

jest.setTimeout(120_000);

// Large enough that the gRPC runs after json-stream's first run are under way while the JSON server is killed and
// restarted.
const ROWS = 600_000;

describe('a server restarted during a measurement', () => {
  let stack: Stack;
  let restarted: AppProcess | undefined;

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await restarted?.stop();
    await stack?.stop();
  });

  it('answers 503 naming the ended and the new JSON server process instead of 200 with runs of both', async () => {
    const oldPid = stack.json.child.pid;
    const reply = getJson(`${stack.clientUrl}/client/compare?rows=${ROWS}&variants=json-stream,grpc-stream&runs=3`);
    // Round 1 is json-stream then grpc-stream; round 2 starts with grpc-stream: the JSON server is idle meanwhile.
    await stack.client.waitFor(/json-stream single rows=\d+ .* measure 1\/3/, 60_000);
    stack.json.child.kill('SIGKILL');
    await new Promise((resolve) => stack.json.child.once('exit', resolve));
    restarted = AppProcess.start('json-server', stack.env);
    await restarted.waitFor(LISTENING);

    const { status, body } = await reply;
    expect(status).toBe(503);
    expect(body).toMatchObject({ server: 'json-server', address: `http://127.0.0.1:${stack.env.JSON_SERVER_PORT}` });
    expect(body.message).toMatch(
      new RegExp(
        `the server process changed during the measurement \\(pid ` +
          `${oldPid} ended by the end of measured run [1-3]/3 of (json|grpc)-stream; ` +
          // Noticed after the run in which it ended: the new process may or may not listen yet.
          `(pid ${restarted.child.pid} listens|nothing of this user listens) there now\\)\\. A measurement ` +
          `across a server restart is not clean, so none is reported`,
      ),
    );
    expect(body).not.toHaveProperty('results');

    // A measurement that starts after the restart is against one process throughout: clean again.
    const again = await getJson(`${stack.clientUrl}/client/compare?rows=1000&variants=json-stream,grpc-stream&runs=2`);
    expect(again.status).toBe(200);
    expect(again.body.results.map((r: { verified: boolean }) => r.verified)).toEqual([true, true]);
  });
});
