import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import type { ConnectRouter } from '@connectrpc/connect';
import { connectHandlers } from './connect-handlers';
import { serveCall } from './serve-call';
import { admitRequestBody, type RequestBodyLimits } from './admit-request-body';

type Request = IncomingMessage | Http2ServerRequest;
type Response = ServerResponse | Http2ServerResponse;

/**
 * A node:http / node:http2 request listener (and an Express middleware: `otherwise` is its next) that answers the
 * routes' procedures and hands every other path to `otherwise`: connect-node's connectNodeAdapter, with serveCall's
 * logging. The Nest apps parse no bodies, so the raw request reaches it. A body counts against the memory budget
 * while it is read (admitRequestBody).
 */
export function connectNodeHandler(
  routes: (router: ConnectRouter) => void,
  otherwise: (req: Request, res: Response) => void,
  limits: RequestBodyLimits,
) {
  const handlers = connectHandlers(routes, limits.maxRequestBytes);
  return (req: Request, res: Response, next?: () => void): void => {
    const handler = handlers.get((req.url ?? '').split('?', 1)[0]);
    if (handler) {
      if (admitRequestBody(req, res, limits)) void serveCall(handler, req, res);
    } else if (next) next();
    else otherwise(req, res);
  };
}
