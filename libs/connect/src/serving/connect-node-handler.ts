import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { ConnectRouter } from '@connectrpc/connect';
import { connectHandlers } from './connect-handlers';
import { serveCall } from './serve-call';

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/**
 * A node:http / node:http2 request listener (and an Express middleware: `otherwise` is its next) that answers the
 * routes' procedures and hands every other path to `otherwise`: connect-node's connectNodeAdapter, with serveCall's
 * logging. The Nest apps parse no bodies, so the raw request reaches it.
 */
export function connectNodeHandler(routes: (router: ConnectRouter) => void, otherwise: (req: Request, res: Response) => void, maxRequestBytes: number) {
  const handlers = connectHandlers(routes, maxRequestBytes);
  return (req: Request, res: Response, next?: () => void): void => {
    const handler = handlers.get((req.url ?? '').split('?', 1)[0]);
    if (handler) void serveCall(handler, req, res);
    else if (next) next();
    else otherwise(req, res);
  };
}
