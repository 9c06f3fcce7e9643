// `npm run start:all` under a crash: a server killed after it was up is restarted (and says why), the other apps
// keep serving meanwhile, the client names the missing server, and a signal still stops everything.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppProcess, ROOT } from './support/app-process';
import { pidsWithEnv } from './support/processes';
import { getJson, portsEnv } from './support/stack';

jest.setTimeout(90_000);

// The Express JSON server's entry; the Fastify and h2c instances are other entries (main-fastify.js, main-h2.js) of the
// same app.
const JSON_MAIN = join('json-server', 'src', 'main.js');

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('npm run start:all after a crash', () => {
  it('restarts a killed JSON server within seconds while the client and the gRPC server keep serving', async () => {
    const env = await portsEnv();
    const all = new AppProcess(process.execPath, [join(ROOT, 'scripts', 'start-all.js')], env);
    const client = `http://127.0.0.1:${env.CLIENT_PORT}`;
    try {
      for (const name of ['json', 'grpc', 'client'])
        await all.waitFor(new RegExp(`\\[${name}\\][^\\n]*listening on`), 30_000);
      const jsonPid = pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).find((pid) => commandLine(pid).includes(JSON_MAIN));
      // The client runs with the allocator settings every launcher gives it (libs/bootstrap allocator-env.ts).
      const clientPid = pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).find((pid) =>
        commandLine(pid).includes(join('client', 'src', 'main.js')),
      );
      expect(readFileSync(`/proc/${clientPid}/environ`, 'utf8').split('\0')).toContain('MALLOC_MMAP_THRESHOLD_=65536');
      expect(jsonPid).toBeDefined();
      process.kill(jsonPid!, 'SIGKILL');

      // While it is down the client says which server is missing; gRPC is unaffected.
      const down = await until(
        'a 503 from the client',
        async () => {
          const r = await getJson(`${client}/client/json/single/1`);
          return r.status === 503 ? r : undefined;
        },
        5_000,
      ).catch(() => undefined);
      if (down) expect(down.body).toMatchObject({ server: 'json-server' });
      expect((await getJson(`${client}/client/grpc/single/1`)).status).toBe(200);

      const started = Date.now();
      await until(
        'the JSON endpoint to answer 200 again',
        async () => ((await getJson(`${client}/client/json/single/1`)).status === 200 ? true : undefined),
        20_000,
      );
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(all.output).toMatch(
        /wirebench: json exited with signal SIGKILL .*restarting it in 1 s \(1 of 5 within 60 s\)/,
      );
      expect(all.running).toBe(true);
      const newPid = pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).find((pid) => commandLine(pid).includes(JSON_MAIN));
      expect(newPid).toBeDefined();
      expect(newPid).not.toBe(jsonPid);
    } finally {
      all.child.kill('SIGTERM');
    }
    const { code } = await all.exited;
    expect(code).toBe(0);
    for (let i = 0; i < 40 && pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT).length > 0; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(pidsWithEnv('CLIENT_PORT', env.CLIENT_PORT)).toEqual([]);
  });
});
