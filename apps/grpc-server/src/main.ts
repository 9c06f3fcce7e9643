import { Logger } from '@nestjs/common';
import { runWithWorkers } from '@app/bootstrap';
import { ADMIN_PACKAGE, ADMIN_SERVICE } from '@app/grpc';
import { grpcListenUrl, startGrpcServer } from './start-grpc-server';

runWithWorkers({
  app: 'grpc-server',
  address: (config) => config.grpcServer,
  resourcesAt: `${ADMIN_PACKAGE}.${ADMIN_SERVICE}`,
  serve: async (config) => {
    await startGrpcServer(config);
    new Logger('grpc-server').log(
      `gRPC server listening on ${grpcListenUrl(config)} (sample.SampleService, grpc.health.v1.Health, reflection)`,
    );
  },
});
