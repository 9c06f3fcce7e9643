// The JSON server without Nest: the same rows as apps/json-server, for measuring what the framework costs.
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RESOURCES_AT_HTTP } from '@app/resources';
import { runWithWorkers } from '@app/bootstrap';
import { startBareJsonServer } from './start-bare-json-server';

// Requests still running when a signal comes get this long before their sockets are cut.
const CLOSE_GRACE_MS = 5_000;

runWithWorkers({
  app: 'bare-json-server',
  address: (config) => config.bareJsonServer,
  resourcesAt: RESOURCES_AT_HTTP,
  serve: async (config) => {
    const server = await startBareJsonServer(config);
    const { address, port } = server.address() as AddressInfo;
    const host = address.includes(':') ? `[${address}]` : address;
    // Handlers first: whoever reads the line below may signal at once.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => close(server));
    process.stdout.write(`bare-json-server listening on http://${host}:${port}\n`);
  },
});

function close(server: Server): void {
  // close() drops idle kept-alive sockets itself; a busy one could otherwise hold the exit until its client lets go.
  server.close(() => process.exit(0));
  setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
}
