// Servers report their own CPU time and peak RSS (GET /admin/resources, wirebench.admin.Admin) for when the engine
// cannot read /proc: checked against /proc on this machine, for the same window with real work in it.
import { credentials, GrpcObject, loadPackageDefinition, ServiceClientConstructor } from '@grpc/grpc-js';
import { beginSelfReport, ResourceProbe, TargetInfo } from '@app/bench';
import { loadSamplePackageDefinition, SAMPLE_PACKAGE, SAMPLE_SERVICE } from '@app/grpc';
import type { ServingAppName } from '@app/bootstrap';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { getJson, portsEnv, startStack, Stack } from './support/stack';

jest.setTimeout(60_000);

const ROWS = 200_000;
const linux = process.platform === 'linux';

/** One unary GetSamples of `rows` rows, as any gRPC client would send it. */
function grpcGetSamples(address: string, rows: number): Promise<void> {
  const pkg = loadPackageDefinition(loadSamplePackageDefinition())[SAMPLE_PACKAGE] as GrpcObject;
  const Client = pkg[SAMPLE_SERVICE] as ServiceClientConstructor;
  const client = new Client(address, credentials.createInsecure(), { 'grpc.max_receive_message_length': -1 });
  return new Promise((resolve, reject) =>
    client.GetSamples({ count: rows }, (error: Error | null) => {
      client.close();
      if (error) reject(error);
      else resolve();
    }),
  );
}

async function work(target: TargetInfo): Promise<void> {
  if (target.server === 'grpc-server') return grpcGetSamples(target.address, ROWS);
  const response = await fetch(`${target.address}/samples/${ROWS}`);
  expect(response.status).toBe(200);
  await response.text();
}

const within = (reported: number, read: number, share: number) => Math.abs(reported - read) / read <= share;

(linux ? describe : describe.skip)('server resources, reported by the servers themselves', () => {
  describe('on loopback (on by default) they agree with /proc', () => {
    const apps: { app: ServingAppName; target: (env: Record<string, string>) => TargetInfo }[] = [
      {
        app: 'json-server',
        target: (env) => ({ server: 'json-server', address: `http://127.0.0.1:${env.JSON_SERVER_PORT}` }),
      },
      {
        app: 'grpc-server',
        target: (env) => ({ server: 'grpc-server', address: `127.0.0.1:${env.GRPC_SERVER_PORT}` }),
      },
      {
        app: 'bare-json-server',
        target: (env) => ({ server: 'json-server', address: `http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}` }),
      },
      {
        app: 'bare-grpc-server',
        target: (env) => ({ server: 'grpc-server', address: `127.0.0.1:${env.BARE_GRPC_SERVER_PORT}` }),
      },
    ];
    let env: Record<string, string>;
    let procs: AppProcess[] = [];

    beforeAll(async () => {
      env = await portsEnv({
        BARE_JSON_SERVER_PORT: String(await freePort()),
        BARE_GRPC_SERVER_PORT: String(await freePort()),
      });
      procs = apps.map(({ app }) => AppProcess.start(app, env));
      await Promise.all(procs.map((p) => p.waitFor(/server resources report on/)));
    });
    afterAll(async () => {
      await Promise.all(procs.map((p) => p.stop()));
    });

    it.each(apps.map((a) => [a.app, a] as const))(
      `%s: CPU ms and peak RSS within 10%% of /proc over a ${ROWS}-row request`,
      async (app, { target: targetOf }) => {
        const target = targetOf(env);
        await work(target); // warm: the first request also loads code, which both would count alike but noisily
        const proc = await new ResourceProbe({ from: 'proc' }).begin(target, { client: false });
        const self = await beginSelfReport(target, 5000);
        await work(target);
        const reported = await self.end();
        const read = await proc.end();
        expect(read.serverResourcesSource).toBe('proc');
        expect(read.serverCpuMs).toBeGreaterThan(20);
        // Printed so the agreement can be quoted; the assertion is the 10% the issue asks for.
        process.stdout.write(
          `${app}: cpu ms self ${reported.cpuMs.toFixed(1)} / proc ${read.serverCpuMs!.toFixed(1)}; peak RSS ` +
            `MB self ${(reported.peakRssBytes / 2 ** 20).toFixed(1)} / proc ` +
            `${(read.serverPeakRssBytes! / 2 ** 20).toFixed(1)} (${reported.peakRssSource})\n`,
        );
        expect(reported).toMatchObject({
          peakRssSource: 'vmhwm',
          overlapped: false,
          workers: 1,
          pid: procs[apps.findIndex((a) => a.app === app)].child.pid,
        });
        expect(within(reported.cpuMs, read.serverCpuMs!, 0.1)).toBe(true);
        expect(within(reported.peakRssBytes, read.serverPeakRssBytes!, 0.1)).toBe(true);
      },
    );
  });

  describe('on a non-loopback bind', () => {
    let env: Record<string, string>;
    let off: AppProcess[] = [];
    let on: AppProcess;

    beforeAll(async () => {
      env = await portsEnv({
        JSON_SERVER_HOST: '0.0.0.0',
        GRPC_SERVER_HOST: '0.0.0.0',
        BARE_JSON_SERVER_PORT: String(await freePort()),
      });
      off = [AppProcess.start('json-server', env), AppProcess.start('grpc-server', env)];
      on = AppProcess.start('bare-json-server', { ...env, SERVER_RESOURCES: 'on' });
      await Promise.all([...off, on].map((p) => p.waitFor(/server resources report o/)));
    });
    afterAll(async () => {
      await Promise.all([...off, on].map((p) => p.stop()));
    });

    it('is off by default and says so at start: 404 over HTTP, UNIMPLEMENTED over gRPC', async () => {
      for (const p of off)
        expect(p.output).toMatch(
          /server resources report off \(bound to 0\.0\.0\.0, not loopback; SERVER_RESOURCES=on enables it\)/,
        );
      expect((await getJson(`http://127.0.0.1:${env.JSON_SERVER_PORT}/admin/resources`)).status).toBe(404);
      await expect(
        beginSelfReport({ server: 'json-server', address: `http://127.0.0.1:${env.JSON_SERVER_PORT}` }, 5000),
      ).rejects.toThrow(/HTTP 404/);
      await expect(
        beginSelfReport({ server: 'grpc-server', address: `127.0.0.1:${env.GRPC_SERVER_PORT}` }, 5000),
      ).rejects.toMatchObject({ code: 12 });
    });

    it('is on with SERVER_RESOURCES=on', async () => {
      expect(on.output).toMatch(/server resources report on \(SERVER_RESOURCES=on\)/);
      const { status, body } = await getJson(`http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}/admin/resources`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ pid: on.child.pid, openWindows: 0 });
    });
  });

  describe('a bench run through the client with SERVER_RESOURCES_FROM=server', () => {
    let stack: Stack;
    beforeAll(async () => {
      stack = await startStack({ SERVER_RESOURCES_FROM: 'server' });
      await Promise.all([stack.json, stack.grpc].map((p) => p.waitFor(/server resources report on/)));
    });
    afterAll(async () => {
      await stack?.stop();
    });

    it.each(['json', 'grpc'])('%s: takes the server figures from the server and records that', async (variant) => {
      const { status, body } = await getJson(`${stack.clientUrl}/client/${variant}/single/20000?runs=2&warmup=0`);
      expect(status).toBe(200);
      expect(body.resources).toMatchObject({ serverResourcesSource: 'server' });
      expect(body.resources.serverCpuMs).toBeGreaterThan(0);
      expect(body.resources.serverPeakRssBytes).toBeGreaterThan(10 * 2 ** 20);
      expect(body.resources.notes.join()).toMatch(/from the server's own report \(SERVER_RESOURCES_FROM=server\)/);
    });
  });
});
