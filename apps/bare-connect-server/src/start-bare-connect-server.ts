import { createServer, Server } from 'node:http';
import { createServer as createH2cServer, Http2Server } from 'node:http2';
import type { AddressInfo } from 'node:net';
import type { ListenAddress, WirebenchConfig } from '@app/config';
import { endUnreadRequests, h2cServerOptions, httpServerOptions, InflightBudget } from '@app/serving';
import { serverResourceMeter } from '@app/resources';
import { ConnectRows, connectNodeHandler, rowsLimits, rowsRoutes } from '@app/connect';
import { resourcesFallback } from './resources-fallback';

/** The two listeners of the bare Connect server: one handler, two HTTP versions. */
export interface BareConnectServers {
  http1: Server;
  h2c: Http2Server;
}

/**
 * connect-es's handlers (connectNodeHandler: connect-node's adapter but for its logging) with the Nest apps' rows
 * services (the same ConnectRows), on node:http with the Nest servers' timeouts (BARE_CONNECT_SERVER_PORT) and on
 * node:http2 without TLS (BARE_CONNECT_H2_SERVER_PORT): gRPC needs HTTP/2, Connect and gRPC-Web work on both. Any other
 * path: the resource admin routes (GET /admin/resources) when SERVER_RESOURCES allows them, else 404.
 */
export async function startBareConnectServer(config: WirebenchConfig): Promise<BareConnectServers> {
  // One budget for the process, shared by both listeners (MAX_INFLIGHT_BYTES).
  const budget = new InflightBudget(config.serverMemory.maxInflightBytes);
  const rows = new ConnectRows(rowsLimits(config), budget);
  const meter = serverResourceMeter(config, config.bareConnectServer.host);
  const handler = connectNodeHandler(rowsRoutes(rows), resourcesFallback(meter), {
    maxRequestBytes: config.serverMemory.maxRequestBytes,
    budget,
  });
  const http1 = createServer(httpServerOptions(config.httpTimeouts), handler);
  // A body refused unread (too large, or no room in the budget) is not read afterwards, and its answer not lost.
  endUnreadRequests(http1);
  // An HTTP/2 server has no header or request timeout in Node: an idle session is closed after the keep-alive one,
  // gracefully (GOAWAY: the calls under way finish), as Fastify closes the Nest h2c app's. Node's own timeout destroys
  // the session, which cut a call whose large reply was being built: built in pieces, it sends no frame for seconds
  // while the event loop runs.
  const h2c = createH2cServer(h2cServerOptions(), handler);
  h2c.on('session', (session) => session.setTimeout(config.httpTimeouts.keepAliveMs, () => session.close()));
  await listen(http1, config.bareConnectServer, config.httpListenBacklog);
  try {
    await listen(h2c, config.bareConnectH2Server, config.httpListenBacklog);
  } catch (error) {
    http1.close();
    throw error;
  }
  return { http1, h2c };
}

/** http://host:port of a listening server, IPv6 in brackets. */
export function listenUrl(server: Server | Http2Server): string {
  const { address, port } = server.address() as AddressInfo;
  return `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
}

function listen(server: Server | Http2Server, { host, port }: ListenAddress, backlog: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
