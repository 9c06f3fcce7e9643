import { INestMicroservice, LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { logVerbosity, setLogVerbosity } from '@grpc/grpc-js';
import { addHealthAndReflection, guardHandshakes, sampleGrpcOptions } from '@app/grpc';
import type { WirebenchConfig } from '@app/config';
import { InflightBudget } from '@app/serving';
import { serverResourceMeter } from '@app/resources';
import { StartupLogger } from '@app/bootstrap';
import { GrpcServerModule } from './grpc-server.module';

/** The address grpc-js binds: IPv6 literals need brackets. */
export function grpcListenUrl(config: WirebenchConfig): string {
  const { host, port } = config.grpcServer;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * Creates the gRPC server (SampleService + health + reflection, and the admin service if allowed) and starts it;
 * main.ts calls it.
 */
export async function startGrpcServer(
  config: WirebenchConfig,
  logger: LoggerService | false = new StartupLogger(config.logLevel),
): Promise<INestMicroservice> {
  const meter = serverResourceMeter(config, config.grpcServer.host);
  // One for the process: the replies (SamplesService) and the request messages grpc-js reads draw on it.
  const budget = new InflightBudget(config.serverMemory.maxInflightBytes);
  const app = await NestFactory.createMicroservice(GrpcServerModule.forRoot(config, budget), {
    ...sampleGrpcOptions({
      side: 'server',
      url: grpcListenUrl(config),
      maxMessageBytes: config.grpcMaxMessageBytes,
      serverTimeouts: config.grpcServerTimeouts,
      maxRequestBytes: config.serverMemory.maxRequestBytes,
      budget,
      onLoadPackageDefinition: (pkg, server) => addHealthAndReflection(pkg, server, meter),
    }),
    logger,
    abortOnError: false,
  });
  app.enableShutdownHooks();
  // Before listening, so that no connection escapes it.
  guardHandshakes(config.grpcServer.port, config.grpcServerTimeouts.handshakeMs);
  // grpc-js logs a failed bind itself; exitOnStartupError reports it in one line. Its logging is left alone
  // when the user set GRPC_VERBOSITY.
  const quiet = process.env.GRPC_VERBOSITY === undefined;
  if (quiet) setLogVerbosity(logVerbosity.NONE);
  try {
    await app.listen();
  } finally {
    if (quiet) setLogVerbosity(logVerbosity.ERROR);
  }
  return app;
}
