// The gRPC server without Nest: the same rows and services as apps/grpc-server, for measuring what the framework costs.
import { Server } from '@grpc/grpc-js';
import { runWithWorkers } from '@app/bootstrap';
import { ADMIN_PACKAGE, ADMIN_SERVICE } from '@app/grpc';
import { bareGrpcListenUrl, startBareGrpcServer } from './start-bare-grpc-server';

runWithWorkers({
  app: 'bare-grpc-server',
  address: (config) => config.bareGrpcServer,
  resourcesAt: `${ADMIN_PACKAGE}.${ADMIN_SERVICE}`,
  serve: async (config) => {
    const server = await startBareGrpcServer(config);
    // Handlers first: whoever reads the line below may signal at once.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => close(server));
    process.stdout.write(
      `bare-grpc-server listening on ` +
        `${bareGrpcListenUrl(config)} (sample.SampleService, grpc.health.v1.Health, reflection)\n`,
    );
  },
});

// Calls in flight are cut, as the Nest server does by default (no gracefulShutdown): a stopped benchmark server
// should not wait on its clients.
function close(server: Server): void {
  server.forceShutdown();
  process.exit(0);
}
