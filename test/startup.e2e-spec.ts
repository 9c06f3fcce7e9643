// Start-up as a user meets it: bad settings and busy ports stop a process with one line and a non-zero exit; `npm run
// start:all` starts the client and both servers with prefixed logs and leaves nothing behind on Ctrl-C or SIGTERM.
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import { AppProcess, ROOT } from './support/app-process';
import { getJson, portsEnv } from './support/stack';
import { pidsWithEnv } from './support/processes';

type AppName = 'json-server' | 'grpc-server' | 'client';

jest.setTimeout(60_000);

const APPS: AppName[] = ['json-server', 'grpc-server', 'client'];
const PORT_VARIABLE: Record<AppName, string> = {
  'json-server': 'JSON_SERVER_PORT',
  'grpc-server': 'GRPC_SERVER_PORT',
  client: 'CLIENT_PORT',
};

function nonEmptyLines(text: string): string[] {
  return text.split('\n').filter((l) => l.trim() !== '');
}

describe('start-up', () => {
  describe.each(APPS)('%s', (app) => {
    it.each([
      ['its port', PORT_VARIABLE[app], 'abc'],
      ['a limit', 'MAX_ROWS', '-5'],
      ['the timeout', 'REQUEST_TIMEOUT_MS', '1.5s'],
    ])('exits 2 with one line naming %s when it is invalid', async (_what, variable, value) => {
      const proc = AppProcess.start(app, { ...(await portsEnv()), [variable]: value });
      const { code } = await proc.exited;
      expect(code).toBe(2);
      const lines = nonEmptyLines(proc.output);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(app);
      expect(lines[0]).toContain(variable);
    });

    it('exits non-zero with one line naming the address when its port is in use', async () => {
      const env = await portsEnv();
      const port = Number(env[PORT_VARIABLE[app]]);
      const blocker: Server = createServer();
      await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
      try {
        const proc = AppProcess.start(app, env);
        const { code } = await proc.exited;
        expect(code).not.toBe(0);
        const errorLines = nonEmptyLines(proc.output).filter((l) => l.startsWith(`${app}:`));
        expect(errorLines).toHaveLength(1);
        expect(errorLines[0]).toContain(String(port));
        expect(errorLines[0]).toMatch(/in use/);
      } finally {
        blocker.close();
      }
    });
  });

  describe('npm run start:all', () => {
    const startAll = (env: Record<string, string>) =>
      new AppProcess(process.execPath, [join(ROOT, 'scripts', 'start-all.js')], env);

    it.each(['SIGTERM', 'SIGINT'] as const)(
      'starts all three with prefixed logs and %s stops them all',
      async (signal) => {
        const env = await portsEnv();
        const all = startAll(env);
        try {
          await all.waitFor(/\[client\].*listening on[\s\S]*|listening on[\s\S]*\[client\]/);
          await all.waitFor(/\[json\][^\n]*listening on http:\/\/127\.0\.0\.1:/);
          await all.waitFor(/\[grpc\][^\n]*listening on 127\.0\.0\.1:/);
          await all.waitFor(/\[json-fastify\][^\n]*listening on http:\/\/127\.0\.0\.1:/);
          await all.waitFor(/\[json-h2\][^\n]*listening on http:\/\/127\.0\.0\.1:/);
          await all.waitFor(/\[client\][^\n]*listening on http:\/\/127\.0\.0\.1:/);
          const { status, body } = await getJson(`http://127.0.0.1:${env.CLIENT_PORT}/client/compare?rows=10`);
          expect(status).toBe(200);
          expect(body.json.verified && body.grpc.verified).toBe(true);
          expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length).toBeGreaterThanOrEqual(4);
        } finally {
          all.child.kill(signal);
        }
        const { code } = await all.exited;
        expect(code).toBe(0);
        // Give the OS a moment to reap, then: no process with this run's environment is left.
        for (let i = 0; i < 40 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
      },
    );

    it('exits 2 with one line naming a bad setting, before starting anything', async () => {
      const all = startAll({ ...(await portsEnv()), GRPC_SERVER_PORT: '99999' });
      const { code } = await all.exited;
      expect(code).toBe(2);
      expect(nonEmptyLines(all.output)).toEqual([
        'wirebench: invalid GRPC_SERVER_PORT="99999": must be an integer from 0 to 65535',
      ]);
    });

    it(
      'starts nothing when a port is taken: one line naming the address and the process holding it, exit ' + '1',
      async () => {
        const env = await portsEnv();
        const blocker: Server = createServer();
        await new Promise<void>((r) => blocker.listen(Number(env.GRPC_SERVER_PORT), '127.0.0.1', r));
        const all = startAll(env);
        const { code } = await all.exited;
        blocker.close();
        expect(code).toBe(1);
        // This test's own process holds the port.
        expect(nonEmptyLines(all.output)).toEqual([
          expect.stringMatching(
            new RegExp(
              `^wirebench: grpc cannot start: ` +
                `127\\.0\\.0\\.1:${env.GRPC_SERVER_PORT} is taken by ` +
                `process ${process.pid} \\(.*\\); stop it, or set another port`,
            ),
          ),
        ]);
        for (let i = 0; i < 40 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
          await new Promise((r) => setTimeout(r, 100));
        expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
      },
    );
  });
});
