// The Connect server without Nest: connect-es's handlers (connectNodeHandler) on node:http and node:http2 (h2c),
// serving the same rows services from the same ConnectRows as the Nest apps' ConnectModule, for measuring what the
// framework costs.
import { RESOURCES_AT_HTTP } from '@app/resources';
import { runWithWorkers } from '@app/bootstrap';
import { BareConnectServers, listenUrl, startBareConnectServer } from './start-bare-connect-server';

// Calls still running when a signal comes get this long before their sockets and sessions are cut.
const CLOSE_GRACE_MS = 5_000;

runWithWorkers({
  app: 'bare-connect-server',
  address: (config) => config.bareConnectServer,
  resourcesAt: RESOURCES_AT_HTTP,
  serve: async (config) => {
    const servers = await startBareConnectServer(config);
    // Handlers first: whoever reads the line below may signal at once.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => close(servers));
    process.stdout.write(
      `bare-connect-server listening ` +
        `on ${listenUrl(servers.http1)} (HTTP/1.1) ` +
        `and ${listenUrl(servers.h2c)} (h2c) (sample.SampleService and the shapes' services: Connect, ` +
        `gRPC-Web; gRPC on h2c)\n`,
    );
  },
});

function close({ http1, h2c }: BareConnectServers): void {
  let open = 2;
  const closed = () => --open === 0 && process.exit(0);
  http1.close(closed);
  h2c.close(closed);
  setTimeout(() => {
    http1.closeAllConnections();
    process.exit(0);
  }, CLOSE_GRACE_MS).unref();
}
