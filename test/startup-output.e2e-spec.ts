// What a start prints when its output goes to a pipe or a file, as in these tests, CI logs and `> out.log`: the
// lines a user needs (where each app listens, how to stop), no escape codes, and Nest's ~75 wiring lines (modules,
// routes) only when LOG_LEVEL asks for them. A terminal still gets colour; FORCE_COLOR gives it to a pipe.
import { join } from 'node:path';
import type { ServingAppName } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(60_000);

const ESCAPE = /\x1b\[/;
const ROUTE_LINE = /Mapped \{/;
const WIRING_LINE = /\[(InstanceLoader|RoutesResolver|RouterExplorer|NestFactory|NestApplication|NestMicroservice)\]/;
// The test helpers set NO_COLOR=1 for every app they start; empty is "not set" (no-color.org), as a user's shell has
// it.
const AS_A_USER_RUNS_IT = { NO_COLOR: '' };

async function startedOutput(app: ServingAppName, env: Record<string, string>): Promise<string> {
  const proc = AppProcess.start(app, { ...(await portsEnv()), ...AS_A_USER_RUNS_IT, ...env });
  try {
    await proc.waitFor(LISTENING);
    return proc.output;
  } finally {
    await proc.stop();
  }
}

describe('start-up output', () => {
  it.each(['client', 'json-server', 'grpc-server'] as const)(
    '%s into a pipe: its listening line, no colour, no wiring lines',
    async (app) => {
      const output = await startedOutput(app, {});
      expect(output).toMatch(/LOG \[[\w-]+\] .*listening on/);
      expect(output).not.toMatch(ESCAPE);
      expect(output).not.toMatch(ROUTE_LINE);
      expect(output).not.toMatch(WIRING_LINE);
    },
  );

  it('LOG_LEVEL=debug brings back every module and route line', async () => {
    const output = await startedOutput('client', { LOG_LEVEL: 'debug' });
    expect(output).toMatch(/\[InstanceLoader\] ClientModule dependencies initialized/);
    expect(output).toMatch(/\[RouterExplorer\] Mapped \{\/client\/compare, GET\} route/);
    expect(output).toMatch(/listening on/);
  });

  it('FORCE_COLOR=1 colours a pipe', async () => {
    expect(await startedOutput('client', { FORCE_COLOR: '1' })).toMatch(ESCAPE);
  });

  it('NO_COLOR wins over FORCE_COLOR', async () => {
    expect(await startedOutput('client', { FORCE_COLOR: '1', NO_COLOR: '1' })).not.toMatch(ESCAPE);
  });

  describe('npm run start:all', () => {
    const startAll = (args: string[], env: Record<string, string>) =>
      new AppProcess(process.execPath, [join(ROOT, 'scripts', 'start-all.js'), ...args], env);

    it(
      'into a pipe: per app where it listens, one line saying how to stop, one when stopped, nothing ' + 'coloured',
      async () => {
        const all = startAll([], { ...(await portsEnv()), ...AS_A_USER_RUNS_IT });
        try {
          await all.waitFor(/Ctrl-C stops them all/, 40_000);
          for (const name of ['json', 'grpc', 'client', 'json-fastify', 'json-h2', 'bare-connect'])
            expect(all.output).toMatch(new RegExp(`^\\[${name}\\] .*listening on`, 'm'));
          expect(all.output).toMatch(
            /^wirebench: json, grpc, client, json-fastify, json-h2, bare-connect up; Ctrl-C stops them all$/m,
          );
        } finally {
          all.child.kill('SIGINT');
          await all.exited;
        }
        expect(all.output).not.toMatch(ESCAPE);
        expect(all.output).not.toMatch(ROUTE_LINE);
        // One line for the stop, not concurrently's '<command line> exited with code SIGTERM' per app.
        expect(all.output).not.toMatch(/exited with code/);
        expect(all.output.trimEnd().split('\n').pop()).toBe(
          'wirebench: stopped json, grpc, client, json-fastify, json-h2, bare-connect',
        );
      },
    );

    it("FORCE_COLOR=1 colours the prefixes and the apps' own lines", async () => {
      const all = startAll(['client'], { ...(await portsEnv()), ...AS_A_USER_RUNS_IT, FORCE_COLOR: '1' });
      try {
        await all.waitFor(/Ctrl-C stops it/, 30_000);
        // concurrently's coloured prefix, then Nest's coloured level.
        expect(all.output).toMatch(/\x1b\[\d+m\[client\]\x1b\[\d+m.*\x1b\[32m {4}LOG\x1b\[39m/);
      } finally {
        all.child.kill('SIGTERM');
        await all.exited;
      }
    });
  });
});
