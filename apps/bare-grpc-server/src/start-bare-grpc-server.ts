import { logVerbosity, Server, ServerCredentials, ServiceDefinition, setLogVerbosity } from '@grpc/grpc-js';
import { addHealthAndReflection, grpcServerOptions, guardHandshakes, loadSamplePackageDefinition, SAMPLE_PACKAGE, SAMPLE_SERVICE, serverPackageDefinition } from '@app/grpc';
import type { WirebenchConfig } from '@app/config';
import { InflightBudget, serverResourceMeter } from '@app/bootstrap';
import { getSamplesHandler } from './get-samples.handler';
import { streamSamplesHandler } from './stream-samples.handler';

/** The address grpc-js binds: IPv6 literals need brackets. */
export function bareGrpcListenUrl(config: WirebenchConfig): string {
  const { host, port } = config.bareGrpcServer;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * A plain grpc-js Server with the Nest server's services, options (message size limits, connection timeouts,
 * server-timing trailer), handshake guard and strict request decoding (SampleService, health, reflection), bound
 * to BARE_GRPC_SERVER_HOST/PORT.
 */
export async function startBareGrpcServer(config: WirebenchConfig): Promise<Server> {
  const server = new Server(grpcServerOptions({ maxMessageBytes: config.grpcMaxMessageBytes, timeouts: config.grpcServerTimeouts }));
  const pkg = serverPackageDefinition(loadSamplePackageDefinition());
  // One budget for the process: every reply and stream in flight draws on it (MAX_INFLIGHT_BYTES).
  const budget = new InflightBudget(config.serverMemory.maxInflightBytes);
  const { limits, serverMemory } = config;
  server.addService(pkg[`${SAMPLE_PACKAGE}.${SAMPLE_SERVICE}`] as ServiceDefinition, {
    GetSamples: getSamplesHandler(limits.maxRows, budget),
    StreamSamples: streamSamplesHandler({ maxStreamRows: limits.maxStreamRows, maxRows: limits.maxRows, bufferBytes: serverMemory.streamBufferBytes }, budget),
  });
  addHealthAndReflection(pkg, server, serverResourceMeter(config, config.bareGrpcServer.host));
  // Before binding, so that no connection escapes it.
  guardHandshakes(config.bareGrpcServer.port, config.grpcServerTimeouts.handshakeMs);
  // grpc-js logs a failed bind itself; exitOnStartupError reports it in one line. Left alone when the user set
  // GRPC_VERBOSITY.
  const quiet = process.env.GRPC_VERBOSITY === undefined;
  if (quiet) setLogVerbosity(logVerbosity.NONE);
  try {
    await new Promise<number>((resolve, reject) =>
      server.bindAsync(bareGrpcListenUrl(config), ServerCredentials.createInsecure(), (error, port) => (error ? reject(error) : resolve(port))),
    );
  } finally {
    if (quiet) setLogVerbosity(logVerbosity.ERROR);
  }
  return server;
}
