import { createServer, type AddressInfo, type Server } from 'node:net';
import { AppLauncher } from '@app/bootstrap';
import { loadConfig } from '@app/config';
import { requireFreshProcesses, requireOwnAppsForBlobBytes, requireOwnServersForRuntimes } from './fresh-processes';
import { UsageError } from './usage-error';

/** A real listener on a free port, standing for an app someone else started. */
function listen(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Ports nobody listens on: bound for a moment by the OS, then given back. */
async function freePorts(n: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: n }, listen));
  const ports = servers.map((s) => (s.address() as AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  return ports;
}

describe('requireFreshProcesses', () => {
  let running: Server;
  let launcher: (grpcPort: number) => AppLauncher;

  beforeAll(async () => {
    running = await listen();
    // Every bench app on a port of its own, none on a default one (a developer's start:all may hold those).
    const [json, client, fastify, h2, bareConnect] = await freePorts(5);
    const env = (grpc: number) => ({
      JSON_SERVER_PORT: String(json),
      GRPC_SERVER_PORT: String(grpc),
      CLIENT_PORT: String(client),
      FASTIFY_JSON_SERVER_PORT: String(fastify),
      H2_JSON_SERVER_PORT: String(h2),
      BARE_CONNECT_SERVER_PORT: String(bareConnect),
    });
    launcher = (grpc) => new AppLauncher(loadConfig(env(grpc), 1024));
  });
  afterAll(() => new Promise((r) => running.close(r)));

  it('lets one invocation use apps that already run, as the bench always has', async () => {
    await expect(requireFreshProcesses(launcher((running.address() as AddressInfo).port), 1)).resolves.toBeUndefined();
  });

  it('refuses several when an app it did not start already answers, naming it', async () => {
    const refused = requireFreshProcesses(launcher((running.address() as AddressInfo).port), 3);
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(
      '--invocations 3 starts fresh server and client processes for each invocation, but apps this run did not ' +
        'start already answer at their configured addresses, so it cannot restart them (grpc-server): stop ' +
        'them, or give --invocations 1',
    );
  });

  it('refuses a runtime axis, even with one invocation, when an app it did not start already answers', async () => {
    const refused = requireFreshProcesses(launcher((running.address() as AddressInfo).port), 1, true);
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(
      'start the servers and the client on each runtime, but apps this run did not start already answer at ' +
        'their configured addresses (grpc-server): stop them',
    );
  });

  it('refuses a load runtime axis when a server it loads already answers, and only then', async () => {
    const port = (running.address() as AddressInfo).port;
    const refused = requireOwnServersForRuntimes(launcher(port), ['json-server', 'grpc-server'], true);
    await expect(refused).rejects.toThrow(UsageError);
    await expect(refused).rejects.toThrow(
      'start the servers this run loads on each runtime, but servers this run did not start already answer at ' +
        'their configured addresses (grpc-server): stop them',
    );
    // A server the levels do not load, or no runtime axis: nothing to refuse.
    await expect(requireOwnServersForRuntimes(launcher(port), ['json-server'], true)).resolves.toBeUndefined();
    await expect(requireOwnServersForRuntimes(launcher(port), ['grpc-server'], false)).resolves.toBeUndefined();
  });

  it('lets several start when nothing answers', async () => {
    const [idle] = await freePorts(1);
    await expect(requireFreshProcesses(launcher(idle), 2)).resolves.toBeUndefined();
  });

  it(
    'refuses --blob-bytes when an app it did not start already answers (it may have another size), and lets ' +
      'it start otherwise',
    async () => {
      const refused = requireOwnAppsForBlobBytes(launcher((running.address() as AddressInfo).port), 1024);
      await expect(refused).rejects.toThrow(UsageError);
      await expect(refused).rejects.toThrow(
        '--blob-bytes starts the servers and the client with BINARY_BLOB_BYTES=1024, but apps this run did not ' +
          'start already answer at their configured addresses (grpc-server)',
      );
      await expect(
        requireOwnAppsForBlobBytes(launcher((running.address() as AddressInfo).port), null),
      ).resolves.toBeUndefined();
      const [idle] = await freePorts(1);
      await expect(requireOwnAppsForBlobBytes(launcher(idle), 1024)).resolves.toBeUndefined();
    },
  );
});
