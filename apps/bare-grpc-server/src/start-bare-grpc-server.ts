import { logVerbosity, Server, ServerCredentials, ServiceDefinition, setLogVerbosity } from '@grpc/grpc-js';
import {
  addHealthAndReflection,
  grpcServerOptions,
  guardHandshakes,
  loadSamplePackageDefinition,
  serverPackageDefinition,
} from '@app/grpc';
import type { WirebenchConfig } from '@app/config';
import { BuildLane, InflightBudget } from '@app/serving';
import { serverResourceMeter } from '@app/resources';
import { servedShapes } from '@app/shapes';
import { getRowsHandler } from './get-rows.handler';
import { streamRowsHandler } from './stream-rows.handler';

/** The address grpc-js binds: IPv6 literals need brackets. */
export function bareGrpcListenUrl(config: WirebenchConfig): string {
  const { host, port } = config.bareGrpcServer;
  return host.includes(':') && !host.startsWith('[') ? `[${host}]:${port}` : `${host}:${port}`;
}

/**
 * A plain grpc-js Server with the Nest server's services, options (message size limits, connection timeouts,
 * server-timing trailer), handshake guard and strict request decoding (every shape's service, health, reflection),
 * bound to BARE_GRPC_SERVER_HOST/PORT.
 */
export async function startBareGrpcServer(config: WirebenchConfig): Promise<Server> {
  // One budget for the process: every reply, stream and request message in flight draws on it (MAX_INFLIGHT_BYTES).
  const budget = new InflightBudget(config.serverMemory.maxInflightBytes);
  const server = new Server(
    grpcServerOptions({
      maxMessageBytes: config.grpcMaxMessageBytes,
      maxRequestBytes: config.serverMemory.maxRequestBytes,
      timeouts: config.grpcServerTimeouts,
      budget,
    }),
  );
  const pkg = serverPackageDefinition(loadSamplePackageDefinition());
  // Large replies take turns, each built only if its caller is still there: one lane for every shape's replies.
  const lane = new BuildLane();
  const { limits, serverMemory } = config;
  const streamLimits = {
    maxStreamRows: limits.maxStreamRows,
    maxRows: limits.maxRows,
    bufferBytes: serverMemory.streamBufferBytes,
  };
  // Every shape the registry serves: its service's unary and streaming methods, by the names the shape gives them.
  for (const shape of servedShapes()) {
    server.addService(pkg[shape.grpcService] as ServiceDefinition, {
      [shape.unaryMethod]: getRowsHandler(shape, limits.maxRows, budget, lane),
      [shape.streamMethod]: streamRowsHandler(shape, streamLimits, budget),
    });
  }
  addHealthAndReflection(pkg, server, serverResourceMeter(config, config.bareGrpcServer.host));
  // Before binding, so that no connection escapes it.
  guardHandshakes(config.bareGrpcServer.port, config.grpcServerTimeouts.handshakeMs);
  // grpc-js logs a failed bind itself; exitOnStartupError reports it in one line. Left alone when the user set
  // GRPC_VERBOSITY.
  const quiet = process.env.GRPC_VERBOSITY === undefined;
  if (quiet) setLogVerbosity(logVerbosity.NONE);
  try {
    await new Promise<number>((resolve, reject) =>
      server.bindAsync(bareGrpcListenUrl(config), ServerCredentials.createInsecure(), (error, port) =>
        error ? reject(error) : resolve(port),
      ),
    );
  } finally {
    if (quiet) setLogVerbosity(logVerbosity.ERROR);
  }
  return server;
}
