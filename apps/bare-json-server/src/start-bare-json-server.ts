import { createServer, Server } from 'node:http';
import type { WirebenchConfig } from '@app/config';
import { endUnreadRequests, httpServerOptions, InflightBudget, neverThrows } from '@app/serving';
import { serverResourceMeter } from '@app/resources';
import { handleRequest } from './handle-request';

/**
 * A node:http server, with the same timeouts as the Nest servers and the same end of a request answered before its
 * body arrived (endUnreadRequests), listening on BARE_JSON_SERVER_HOST/PORT.
 */
export function startBareJsonServer(config: WirebenchConfig): Promise<Server> {
  const { limits, serverMemory } = config;
  const streamLimits = {
    maxStreamRows: limits.maxStreamRows,
    maxRows: limits.maxRows,
    defaultChunkRows: config.streamChunkRows,
    bufferBytes: serverMemory.streamBufferBytes,
  };
  // One budget for the process: every reply and stream in flight draws on it (MAX_INFLIGHT_BYTES).
  const budget = new InflightBudget(serverMemory.maxInflightBytes);
  const handler = handleRequest(
    limits.maxRows,
    streamLimits,
    budget,
    serverResourceMeter(config, config.bareJsonServer.host),
  );
  const server = createServer(httpServerOptions(config.httpTimeouts), neverThrows(handler));
  endUnreadRequests(server);
  const { host, port } = config.bareJsonServer;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: config.httpListenBacklog }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
