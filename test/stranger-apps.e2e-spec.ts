// Issue 40, item 6: another program on an app's port (python3 -m http.server on the JSON server's) was used as the
// JSON server: exit 1, an empty table and an HTML page. The built CLIs now ask what answers there before anything is
// timed and refuse a stranger in one line, exit 2; a genuine wirebench app found running is still used as it is.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { benchIntoFolder } from './support/bench-run';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(180_000);

const BENCH = appEntry('bench-cli', 'main.js', ROOT);
const LOAD = appEntry('bench-cli', 'load-main.js', ROOT);
const PYTHON = spawnSync('python3', ['--version']).status === 0;

/** The built CLI into a throw-away folder: its exit, its stdout and stderr apart, and what it left in the folder. */
async function runCli(entry: string, args: string[], env: Record<string, string>) {
  const out = mkdtempSync(join(tmpdir(), 'wirebench-stranger-'));
  try {
    const cli = new AppProcess(process.execPath, [entry, ...args, '--out', out], env);
    let stdout = '';
    let stderr = '';
    cli.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    cli.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const started = Date.now();
    const { code } = await cli.exited;
    return { code, stdout, stderr, seconds: (Date.now() - started) / 1000, files: readdirSync(out) };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** A web server that is not wirebench's, as in the issue: python3 -m http.server where there is one, else node's. */
async function webServer(port: number): Promise<{ stop(): Promise<void> }> {
  if (PYTHON) {
    const python = new AppProcess(
      'python3',
      ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', tmpdir()],
      {},
    );
    await python.waitUntilListening('127.0.0.1', port);
    return { stop: () => python.stop() };
  }
  const { createServer: createHttpServer } = await import('node:http');
  const server = createHttpServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html;charset=utf-8' });
    res.end(
      '<!DOCTYPE HTML>\n<html lang="en">\n    <head>\n        <meta charset="utf-8">\n        <title>Error ' +
        'response</title>\n    </head>\n</html>\n',
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { stop: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** Accepts connections and never answers. */
async function silentServer(port: number): Promise<{ stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    stop: () => {
      sockets.forEach((s) => s.destroy());
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe("an app's address answered by another program", () => {
  it(
    'npm run bench refuses it before any timing: exit 2, one line naming the app, the address and what ' +
      'answered, no table',
    async () => {
      const env = await portsEnv();
      const stranger = await webServer(Number(env.JSON_SERVER_PORT));
      try {
        const r = await runCli(BENCH, ['--preset', 'quick', '--runs', '1', '--warmup', '0'], env);
        expect({ code: r.code, stdout: r.stdout, files: r.files }).toEqual({ code: 2, stdout: '', files: [] });
        const lines = r.stderr.trim().split('\n');
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          new RegExp(
            `^wirebench bench: json-server's address ` +
              `127\\.0\\.0\\.1:${env.JSON_SERVER_PORT} answers, but not as wirebench's json-server: ` +
              `GET /admin/resources gave 404 text/html \\("<!DOCTYPE HTML.{0,50}" first 60 chars\\): stop it, ` +
              `or set JSON_SERVER_PORT \\(see --help\\)$`,
          ),
        );
        // Nothing was started for it: the refusal comes before the launcher.
        expect(r.stderr).not.toMatch(/starting/);
      } finally {
        await stranger.stop();
      }
    },
  );

  it("one that accepts and never answers is refused too, after the probe's 2 s, not a hang", async () => {
    const env = await portsEnv();
    const stranger = await silentServer(Number(env.GRPC_SERVER_PORT));
    try {
      const r = await runCli(BENCH, ['--preset', 'quick', '--runs', '1', '--warmup', '0'], env);
      expect({ code: r.code, stdout: r.stdout, files: r.files }).toEqual({ code: 2, stdout: '', files: [] });
      expect(r.stderr.trim().split('\n')).toEqual([
        `wirebench bench: grpc-server's address ` +
          `127.0.0.1:${env.GRPC_SERVER_PORT} answers, but not as wirebench's grpc-server: ` +
          'Admin.Resources: no answer within 2 s: stop it, or set GRPC_SERVER_PORT (see --help)',
      ]);
      expect(r.seconds).toBeLessThan(20);
    } finally {
      await stranger.stop();
    }
  });

  it('npm run load refuses it the same way, through the same check', async () => {
    const env = await portsEnv();
    const stranger = await webServer(Number(env.JSON_SERVER_PORT));
    try {
      const r = await runCli(
        LOAD,
        ['--transport', 'json', '--concurrency', '1', '--duration', '1', '--warmup', '0'],
        env,
      );
      expect({ code: r.code, stdout: r.stdout, files: r.files }).toEqual({ code: 2, stdout: '', files: [] });
      expect(r.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`^wirebench load: json-server's address 127\.0\.0\.1:\d+ answers, but not as ` +
              String.raw`wirebench's json-server: GET \/admin\/resources gave 404 text\/html .*: stop it, or set ` +
              String.raw`JSON_SERVER_PORT \(see --help\)$`,
          ),
        ),
      ]);
    } finally {
      await stranger.stop();
    }
  });

  it('a genuine wirebench server found running, even with its resource report off, is used as it is', async () => {
    const env = await portsEnv();
    const json = AppProcess.start('json-server', { ...env, SERVER_RESOURCES: 'off' });
    try {
      await json.waitFor(LISTENING);
      const r = await benchIntoFolder(['--rows', '100', '--runs', '1', '--warmup', '0'], env, 'wirebench-stranger-');
      expect({ code: r.code, output: r.code === 0 ? '' : r.output.slice(-3000) }).toEqual({ code: 0, output: '' });
      // The others were started for the run; the JSON server was the one found running.
      expect(r.output).toMatch(/starting grpc-server \(not reachable\)/);
      expect(r.output).not.toMatch(/starting json-server/);
      expect(r.runs.filter((x) => x.variant === 'json').length).toBeGreaterThan(0);
      expect(json.running).toBe(true);
    } finally {
      await json.stop();
    }
  });
});
