import { Logger } from '@nestjs/common';
import { exitOnStartupError, loadConfig } from '@app/config';
import { grpcListenUrl, startGrpcServer } from './start-grpc-server';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  await startGrpcServer(config);
  new Logger('grpc-server').log(`gRPC server listening on ${grpcListenUrl(config)} (sample.SampleService, grpc.health.v1.Health, reflection)`);
}

bootstrap().catch((error) => exitOnStartupError('grpc-server', error));
