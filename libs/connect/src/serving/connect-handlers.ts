import { createConnectRouter, type ConnectRouter } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { compressionBrotli, compressionGzip } from '@connectrpc/connect-node';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';

/**
 * connect-es's handler for every procedure the routes declare, by request path: the router connect-es's adapters
 * build, with the options every server here passes and the adapters' default compressions.
 */
export function connectHandlers(routes: (router: ConnectRouter) => void): Map<string, UniversalHandler> {
  const router = createConnectRouter({ ...CONNECT_SERVER_OPTIONS, acceptCompression: [compressionGzip, compressionBrotli] });
  routes(router);
  return new Map(router.handlers.map((handler) => [handler.requestPath, handler]));
}
