import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { ServerRestartedError } from './server-restarted.error';
import { watchServers } from './server-watch';

const linux = process.platform === 'linux';

/** A real server process on `port` (0: any), resolved once it listens, with the port it got. */
async function listeningProcess(port = 0): Promise<{ child: ChildProcess; port: number }> {
  const script =
    `const s = require('net').createServer(() => {}); ` +
    `s.listen(${port}, '127.0.0.1', () => console.log(s.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const got = await new Promise<number>((resolve) =>
    child.stdout!.once('data', (d) => resolve(Number(String(d).trim()))),
  );
  return { child, port: got };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

(linux ? describe : describe.skip)('watchServers (Linux /proc)', () => {
  const children: ChildProcess[] = [];
  afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

  it(
    'passes while the same process serves, and names the ended and the new pid once it was restarted on the ' + 'port',
    async () => {
      const first = await listeningProcess();
      children.push(first.child);
      const target = { server: 'json-server' as const, address: `http://127.0.0.1:${first.port}` };
      const watch = watchServers([target, { ...target }]);
      expect(() => watch.check(() => 'measured run 1/3 of json')).not.toThrow();

      await killed(first.child);
      const second = await listeningProcess(first.port);
      children.push(second.child);
      let error: unknown;
      try {
        watch.check(() => 'measured run 2/3 of grpc-stream');
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ServerRestartedError);
      expect(error).toMatchObject({
        failure: 'unavailable',
        endedPids: [first.child.pid],
        nowPids: [second.child.pid],
      });
      expect((error as Error).message).toBe(
        `json-server at http://127.0.0.1:${first.port}: the server process changed during the measurement ` +
          `(pid ${first.child.pid} ended by the end of measured run 2/3 of grpc-stream; pid ` +
          `${second.child.pid} listens there now). ` +
          'A measurement across a server restart is not clean, so none is reported: run it again.',
      );
    },
  );

  it('says so when nothing listens any more', async () => {
    const only = await listeningProcess();
    children.push(only.child);
    const watch = watchServers([{ server: 'grpc-server', address: `127.0.0.1:${only.port}` }]);
    await killed(only.child);
    expect(() => watch.check(() => 'warm-up run 1/1 of grpc')).toThrow(
      /ended by the end of warm-up run 1\/1 of grpc; nothing of this user listens there now\)/,
    );
  });

  it('does not watch what it cannot see: nothing listening at the start', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    expect(() =>
      watchServers([{ server: 'json-server', address: `http://127.0.0.1:${port}` }]).check(() => 'run 1'),
    ).not.toThrow();
  });
});
