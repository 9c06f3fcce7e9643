// The servers on a second host: a network namespace joined to the test's by a veth pair. Needs root on Linux with
// iproute2; elsewhere the suite is skipped with the reason in its title.
import * as grpc from '@grpc/grpc-js';
import { execFileSync } from 'node:child_process';
import { LaunchedApp } from '@app/bootstrap';
import { checksum, iterateRows } from '@app/data-generator';
import { loadSamplePackageDefinition } from '@app/grpc';
import {
  detectNetem,
  launchInNetns,
  leftoverNetworkObjects,
  loadNetworkProfiles,
  NetnsTopology,
  netnsUnsupportedReason,
  processPrefix,
} from '@app/network';
import { cleanEnv, ROOT } from './support/app-process';
import { BULK_SERVER_SCRIPT, measureMbit } from './support/bulk-transfer';
import { freePort } from './support/free-port';
import { allowNamespaceHosts } from './support/network-guard';
import { pidsWithEnv } from './support/processes';
import { portsEnv } from './support/stack';

const reason = netnsUnsupportedReason();
const suite = reason === null ? describe : describe.skip;
const MARK = ['WB_NETNS_E2E', String(process.pid)] as const;

const json = <T>(argv: string[]): T => JSON.parse(execFileSync(argv[0], argv.slice(1), { encoding: 'utf8' })) as T;

suite(`netns topology${reason === null ? '' : ` (skipped: ${reason})`}`, () => {
  let topology: NetnsTopology;
  let env: Record<string, string>;
  const apps: LaunchedApp[] = [];
  let releaseHosts: () => void = () => undefined;

  const startInside = async (app: LaunchedApp, port: number) => {
    apps.push(app);
    await app.waitUntilListening(topology.serverAddress, port, 20_000);
    return app;
  };

  const stopAll = async () => {
    await Promise.all(apps.map((a) => a.stop()));
  };

  beforeAll(async () => {
    topology = NetnsTopology.create();
    // The namespace's server address is this run's own: the network guard lets it through while the namespace exists.
    releaseHosts = allowNamespaceHosts([topology.serverAddress]);
    env = await portsEnv({
      JSON_SERVER_HOST: topology.serverAddress,
      GRPC_SERVER_HOST: topology.serverAddress,
      MAX_ROWS: '10000',
      [MARK[0]]: MARK[1],
    });
    await Promise.all([
      startInside(
        launchInNetns(topology, 'json-server', { cwd: ROOT, env: cleanEnv(env) }),
        Number(env.JSON_SERVER_PORT),
      ),
      startInside(
        launchInNetns(topology, 'grpc-server', { cwd: ROOT, env: cleanEnv(env) }),
        Number(env.GRPC_SERVER_PORT),
      ),
    ]);
  }, 30_000);

  afterAll(async () => {
    // Also when a test failed: processes first (they would keep the namespace alive), then the namespace.
    await stopAll();
    topology?.destroy();
    releaseHosts();
  });

  it('is a separate stack reached over the veth at MTU 1500, not over loopback', () => {
    const [host] = json<{ mtu: number }[]>(['ip', '-j', 'link', 'show', 'dev', topology.hostDevice]);
    const [server] = json<{ mtu: number }[]>([
      'ip',
      '-n',
      topology.name,
      '-j',
      'link',
      'show',
      'dev',
      topology.serverDevice,
    ]);
    expect([host.mtu, server.mtu]).toEqual([1500, 1500]);
    const [route] = json<{ dev: string; prefsrc: string }[]>(['ip', '-j', 'route', 'get', topology.serverAddress]);
    expect(route).toMatchObject({ dev: topology.hostDevice, prefsrc: topology.hostAddress });
    expect(topology.name.startsWith(processPrefix())).toBe(true);
  });

  it('carries JSON over HTTP from the server inside', async () => {
    const response = await fetch(`http://${topology.serverAddress}:${env.JSON_SERVER_PORT}/samples/1000`);
    const body = (await response.json()) as { samples: unknown[] };
    expect(body.samples).toHaveLength(1000);
    expect(checksum(body.samples as never)).toEqual(checksum(iterateRows(1000)));
  });

  it('carries gRPC from the server inside', async () => {
    const pkg = grpc.loadPackageDefinition(loadSamplePackageDefinition()) as any;
    const client = new pkg.sample.SampleService(
      `${topology.serverAddress}:${env.GRPC_SERVER_PORT}`,
      grpc.credentials.createInsecure(),
    );
    try {
      const reply = await new Promise<{ samples: unknown[] }>((resolve, reject) =>
        client.GetSamples(
          { count: 1000 },
          { deadline: Date.now() + 10_000 },
          (error: Error | null, r: { samples: unknown[] }) => (error ? reject(error) : resolve(r)),
        ),
      );
      expect(reply.samples).toHaveLength(1000);
      expect(checksum(reply.samples as never)).toEqual(checksum(iterateRows(1000)));
    } finally {
      client.close();
    }
  });

  it(
    'holds a bulk transfer to the profile rate in each direction with tbf, and says how latency is ' + 'applied',
    async () => {
      const port = await freePort();
      const [command, ...args] = topology.prefixCommand([
        process.execPath,
        '-e',
        BULK_SERVER_SCRIPT,
        topology.serverAddress,
        String(port),
      ]);
      await startInside(
        new LaunchedApp('bulk', command, args, { cwd: ROOT, env: cleanEnv({ [MARK[0]]: MARK[1] }) }),
        port,
      );
      // wan's 100 Mbit/s down, with a slower uplink so a swapped direction would show.
      const profile = { ...loadNetworkProfiles().wan, upMbit: 40 };
      const netem = detectNetem();
      expect(topology.applyProfile(profile)).toEqual({
        bandwidth: 'tc tbf',
        latency: netem.available ? 'netem' : 'toxiproxy',
      });
      const qdiscs = execFileSync('tc', ['qdisc', 'show', 'dev', topology.hostDevice], { encoding: 'utf8' });
      expect(qdiscs).toContain('tbf');
      expect(qdiscs.includes('netem')).toBe(netem.available);
      // About 1.2 s each at the limited rate.
      const down = await measureMbit(topology.serverAddress, port, 'down', 15_000_000);
      const up = await measureMbit(topology.serverAddress, port, 'up', 6_000_000);
      process.stderr.write(
        `netns: netem ${netem.available ? 'present' : `absent (${netem.detail})`}; tbf down ` +
          `${down.toFixed(1)} of 100 Mbit/s, up ${up.toFixed(1)} of 40 Mbit/s\n`,
      );
      expect(down).toBeGreaterThan(75);
      expect(down).toBeLessThan(125);
      expect(up).toBeGreaterThan(30);
      expect(up).toBeLessThan(50);
      topology.clearProfile();
      expect(execFileSync('tc', ['qdisc', 'show', 'dev', topology.hostDevice], { encoding: 'utf8' })).not.toContain(
        'tbf',
      );
    },
    20_000,
  );

  it('leaves no namespace, link or server process behind once destroyed', async () => {
    await stopAll();
    topology.destroy();
    topology.destroy();
    expect(leftoverNetworkObjects(processPrefix())).toEqual({ namespaces: [], links: [] });
    expect(apps.every((a) => !a.running)).toBe(true);
    expect(pidsWithEnv(...MARK)).toEqual([]);
  });
});
