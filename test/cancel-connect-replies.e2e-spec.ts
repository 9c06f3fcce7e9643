// "Hold under abuse": a unary Connect call of 1,000,000 rows whose client cancels it while the server builds the
// reply, on the bare Connect server (HTTP/1.1, and gRPC on its h2c listener) and on a Nest app's Connect route, in
// protobuf and JSON. The server stops building, its memory comes back, and a small call is answered at once.
// Before, the reply was built in one step and serialized by connect-es after the handler returned: the server
// worked on for the rest of those ~20 s (protobuf) after the caller had gone.
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { SampleService } from '@app/codecs';
import { AppProcess } from './support/app-process';
import { CONNECT_PROTOCOLS, type ConnectProtocol } from './support/connect';
import { IDLE_TICKS_LIMIT, rssBytes, rssSettles, ticksInSecondAfter } from './support/process-usage';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(180_000);

const MIB = 1024 * 1024;
const ROWS = 1_000_000;
// Long enough that the server is well into the reply (rows made and encoded), far from done with it.
const CANCEL_AFTER_MS = 1500;
// The CPU is read over the second from 2 s after the cancel, not 1 s: the reply's reservation is given back at the
// cancel, and a server that held that much collects its garbage once it has been idle for 1 s (reclaimWhenIdle,
// again at 5 s), a full collection of 5-18 ticks on its own that would land at the start of a window from 1 s and
// may run long on a busy machine. That no piece is begun after the caller left is connect-rows.spec's.
const CPU_WINDOW_AFTER_MS = 2000;

const CASES = [
  ['bare-connect-server', 'BARE_CONNECT_SERVER_PORT', '1.1', 'connect-binary'],
  ['bare-connect-server', 'BARE_CONNECT_SERVER_PORT', '1.1', 'connect-json'],
  ['bare-connect-server', 'BARE_CONNECT_H2_SERVER_PORT', '2', 'grpc'],
  ['json-server', 'JSON_SERVER_PORT', '1.1', 'connect-binary'],
  ['json-server', 'JSON_SERVER_PORT', '1.1', 'connect-json'],
] as const;

describe('a unary Connect call of 1,000,000 rows cancelled while the server builds it', () => {
  let env: Record<string, string>;
  const apps: Record<string, AppProcess> = {};

  beforeAll(async () => {
    env = await portsEnv();
    for (const app of ['bare-connect-server', 'json-server'] as const) apps[app] = AppProcess.start(app, env);
    await Promise.all(Object.values(apps).map((a) => a.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(Object.values(apps).map((a) => a.stop()));
  });

  it.each(CASES)(
    '%s (%s, HTTP/%s), %s: the server stops building at the cancel, RSS returns, a small call answers',
    async (app, portVariable, httpVersion, protocol) => {
      const pid = apps[app].child.pid!;
      const client = createClient(
        SampleService,
        CONNECT_PROTOCOLS[protocol as ConnectProtocol](`http://127.0.0.1:${env[portVariable]}`, httpVersion),
      );
      const rssBefore = rssBytes(pid);
      const caller = new AbortController();
      const call = client.getSamples({ count: ROWS }, { signal: caller.signal }).then(
        () => null,
        (e: unknown) => ConnectError.from(e),
      );
      await new Promise((resolve) => setTimeout(resolve, CANCEL_AFTER_MS));
      caller.abort();
      expect((await call)?.code).toBe(Code.Canceled);
      const ticks = await ticksInSecondAfter(pid, CPU_WINDOW_AFTER_MS);
      const settled = await rssSettles(pid, rssBefore + 100 * MIB, 10_000);
      const started = Date.now();
      const small = await client.getSamples({ count: 1 });
      const answeredMs = Date.now() - started;
      console.log(
        `${app} ${protocol}: cancelled ` +
          `after ${CANCEL_AFTER_MS} ms: CPU ${ticks} ticks (10 ms) in the second ` +
          `from ${CPU_WINDOW_AFTER_MS} ms after; ` +
          `RSS ${Math.round(rssBefore / MIB)} MiB before, ${Math.round(settled / MIB)} MiB after; 1 row then ` +
          `took ${answeredMs} ms`,
      );
      expect(ticks).toBeLessThanOrEqual(IDLE_TICKS_LIMIT);
      expect(settled - rssBefore).toBeLessThan(100 * MIB);
      expect(small.samples).toHaveLength(1);
      expect(answeredMs).toBeLessThan(1000);
      expect(apps[app].running).toBe(true);
    },
  );
});
