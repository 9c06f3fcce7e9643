// The client under a low open-files limit (256, as `prlimit --nofile` sets it), so what 20,000 descriptors hid in
// production shows with CI-sized numbers: 2,000 parallel requests used to open a socket each and fail on the
// client's own EMFILE ("json-server sent a bad response"), and the next load level's spawn hit EMFILE unhandled
// and ended the client. Here the sockets are capped and said so, the client keeps answering, refuses extra work
// with 503, reports its own EMFILE as its own, and a failed spawn fails the level, not the app.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtAppEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { LISTENING, getJson, portsEnv } from './support/stack';

jest.setTimeout(120_000);

const OPEN_FILES = 256;

const HAS_PRLIMIT = spawnSync('prlimit', ['--version']).status === 0;

/** `argv` run under a hard open-files limit: through prlimit (util-linux) where it exists, else the shell's ulimit. */
function underLimit(limit: number, argv: string[]): [string, string[]] {
  if (HAS_PRLIMIT) return ['prlimit', [`--nofile=${limit}:${limit}`, ...argv]];
  return ['bash', ['-c', `ulimit -n ${limit} && exec "$@"`, 'bash', ...argv]];
}

/** The built client as users run it, under OPEN_FILES. */
function startLimited(env: Record<string, string>): AppProcess {
  const [command, args] = underLimit(OPEN_FILES, [process.execPath, builtAppEntry('client')]);
  return new AppProcess(command, args, env);
}

function openFiles(pid: number): { limit: number; open: number } {
  const limit = Number(/^Max open files\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1]);
  return { limit, open: readdirSync(`/proc/${pid}/fd`).length };
}

describe('client under a low open-files limit', () => {
  let json: AppProcess;
  let client: AppProcess;
  let clientUrl: string;

  beforeAll(async () => {
    // One measurement call at a time, so the second one during the parallel run is refused.
    const env = await portsEnv({ CLIENT_MAX_CALLS: '1', MAX_ENDPOINT_LOAD_DURATION_S: '5' });
    json = AppProcess.start('json-server', env);
    client = startLimited(env);
    await Promise.all([json.waitFor(LISTENING), client.waitFor(LISTENING)]);
    clientUrl = `http://127.0.0.1:${env.CLIENT_PORT}`;
  });
  afterAll(async () => {
    await Promise.all([client?.stop(), json?.stop()]);
  });

  it('runs under the limit it was given', () => {
    expect(openFiles(client.child.pid!).limit).toBe(OPEN_FILES);
  });

  it(
    'answers 2,000 parallel requests verified, its sockets capped and said so, and keeps answering ' + 'meanwhile',
    async () => {
      let settled = false;
      const parallel = getJson(`${clientUrl}/client/json/parallel/2000?concurrency=2000&runs=2&warmup=0`).finally(
        () => (settled = true),
      );
      // While it runs: a cheap endpoint answers at once, new measurement work is refused with 503 and Retry-After.
      let cheapWhileBusy = 0;
      let busy: Response | undefined;
      let peakOpen = 0;
      while (!settled) {
        peakOpen = Math.max(peakOpen, openFiles(client.child.pid!).open);
        const started = Date.now();
        const index = await fetch(`${clientUrl}/client`);
        if (!settled && index.status === 200 && Date.now() - started < 2000) cheapWhileBusy++;
        if (!busy && !settled) {
          const other = await fetch(`${clientUrl}/client/json/single/1`);
          if (other.status === 503) busy = other;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      const { status, body } = await parallel;
      expect(status).toBe(200);
      expect(body.verified).toBe(true);
      expect(body.rowsReceivedPerRun).toBe(2000);
      expect(body.socketsCapped).toMatchObject({ requested: 2000 });
      expect(body.socketsCapped.cap).toBeLessThan(OPEN_FILES);
      expect(body.socketsCapped.reason).toContain(`open-files limit of ${OPEN_FILES}`);
      expect(body.concurrency).toBe(body.socketsCapped.cap);
      expect(peakOpen).toBeLessThan(OPEN_FILES);
      expect(cheapWhileBusy).toBeGreaterThan(0);
      expect(busy?.headers.get('retry-after')).toMatch(/^\d+$/);
      const refusal = await busy!.json();
      expect(refusal.message).toMatch(
        new RegExp(
          String.raw`the client is busy: it runs at most 1 measurement call at once ` +
            String.raw`\(CLIENT_MAX_CALLS\) and is running GET \/client\/json\/parallel\/2000`,
        ),
      );
      expect(refusal.busyWith[0].call).toContain('/client/json/parallel/2000');
      expect(client.running).toBe(true);
    },
  );

  it(
    'refuses a load level whose generator would open more sockets than it may, and runs it split over more ' +
      'generators',
    async () => {
      const refused = await getJson(`${clientUrl}/client/load?transport=json&concurrency=300&duration=1&warmup=0`);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ parameter: 'connections' });
      expect(refused.body.message).toMatch(/use generators=3 or more/);
      const split = await getJson(
        `${clientUrl}/client/load?transport=json&concurrency=300&generators=3&duration=1&warmup=0`,
      );
      expect(split.status).toBe(200);
      expect(split.body.successes).toBeGreaterThan(0);
      expect(split.body.generators).toBe(3);
      expect(client.running).toBe(true);
    },
  );
});

describe('a client out of file descriptors', () => {
  it('reports EMFILE as its own limit, 503 with Retry-After, and stays up', async () => {
    // Two pools at 128 sockets each (axios's, then undici's while axios's are still kept alive) are more than 256.
    const env = await portsEnv({ CLIENT_MAX_SOCKETS: '128' });
    const json = AppProcess.start('json-server', env);
    const client = startLimited(env);
    try {
      await Promise.all([json.waitFor(LISTENING), client.waitFor(LISTENING)]);
      const url = `http://127.0.0.1:${env.CLIENT_PORT}`;
      const response = await fetch(
        `${url}/client/bench?variants=json,json-undici&mode=parallel&requests=1000&concurrency=1000&runs=1&warmup=0`,
      );
      const body = await response.json();
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(body.message).toMatch(
        new RegExp(
          String.raw`^the client ran out of file descriptors \(EMFILE: its limit of 256 open files\) ` +
            String.raw`while connecting to json-server`,
        ),
      );
      expect(body.message).not.toMatch(/sent a bad response/);
      expect(body).toMatchObject({ code: 'EMFILE', openFilesLimit: 256, maxSockets: 128 });
      // Still serving at once: its idle pooled sockets were closed on the way out, not left to the keep-alive timeout.
      expect((await fetch(`${url}/client`)).status).toBe(200);
      expect(client.running).toBe(true);
    } finally {
      await Promise.all([client.stop(), json.stop()]);
    }
  });
});

describe('a load level whose generator cannot be spawned', () => {
  it("fails the level with the client's own limit named, instead of a TypeError and an unhandled error event", () => {
    // A process that has used up its descriptors, then runs a level: the spawn fails with EMFILE.
    const runLoadLevel = join(ROOT, 'dist/apps/client/libs/load/src/run-load-level.js');
    const script =
      `
      const fs = require('node:fs');
      const { runLoadLevel } = require(${JSON.stringify(runLoadLevel)});
      const held = [];
      try { for (;;) held.push(fs.openSync('/dev/null', 'r')); } catch {}
      const spec = { transport: 'json', targetKind: 'nest', rows: 1, concurrency: 1, connections: 1, ` +
      `durationMs: 1000, warmupMs: 0, timeoutMs: 1000,
        generators: 1, target: { server: 'json-server', address: 'http://127.0.0.1:9' }, grpcMaxMessageBytes: 4194304 };
      runLoadLevel('c1', spec).then(
        () => console.log(JSON.stringify({ outcome: 'resolved' })),
        (e) => setTimeout(() => console.log(JSON.stringify({ outcome: 'rejected', name: e.name, message: ` +
      `e.message })), 100),
      );`;
    const run = spawnSync(...underLimit(64, [process.execPath, '-e', script]), {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).not.toMatch(/Unhandled 'error' event|TypeError/);
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop()!);
    expect(result).toMatchObject({ outcome: 'rejected', name: 'ClientFdLimitError' });
    expect(result.message).toMatch(
      new RegExp(
        String.raw`^the client ran out of file descriptors \(EMFILE: its limit of 64 open files\) ` +
          String.raw`while starting a load generator process`,
      ),
    );
  });
});
