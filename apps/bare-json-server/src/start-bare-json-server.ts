import { createServer, Server } from 'node:http';
import type { WirebenchConfig } from '@app/config';
import { httpServerOptions, serverResourceMeter } from '@app/bootstrap';
import { handleRequest } from './handle-request';

/** A node:http server, with the same timeouts as the Nest servers, listening on BARE_JSON_SERVER_HOST/PORT. */
export function startBareJsonServer(config: WirebenchConfig): Promise<Server> {
  const server = createServer(httpServerOptions(config.httpTimeouts), handleRequest(config.limits.maxRows, { maxStreamRows: config.limits.maxStreamRows, maxRows: config.limits.maxRows, defaultChunkRows: config.streamChunkRows }, serverResourceMeter(config, config.bareJsonServer.host)));
  const { host, port } = config.bareJsonServer;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
