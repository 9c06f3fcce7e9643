import { createConnectRouter, type ConnectRouter } from '@connectrpc/connect';
import type { UniversalHandler } from '@connectrpc/connect/protocol';
import { compressionBrotli, compressionGzip } from '@connectrpc/connect-node';
import { connectServerOptions } from '../connect-server-options';

/**
 * connect-es's handler for every procedure the routes declare, by request path: the router connect-es's adapters
 * build, with the options every server here passes (the request size bound, MAX_REQUEST_BYTES, among them) and the
 * adapters' default compressions.
 */
export function connectHandlers(
  routes: (router: ConnectRouter) => void,
  maxRequestBytes: number,
): Map<string, UniversalHandler> {
  const router = createConnectRouter({
    ...connectServerOptions(maxRequestBytes),
    acceptCompression: [compressionGzip, compressionBrotli],
  });
  routes(router);
  return new Map(router.handlers.map((handler) => [handler.requestPath, handler]));
}
