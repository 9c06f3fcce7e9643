import type { ConnectRouter } from '@connectrpc/connect';
import * as connectProtocol from '@connectrpc/connect/protocol-connect';
import * as grpcProtocol from '@connectrpc/connect/protocol-grpc';
import * as grpcWebProtocol from '@connectrpc/connect/protocol-grpc-web';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Http2ServerRequest, Http2ServerResponse } from 'node:http2';
import { connectHandlers } from './connect-handlers';
import { serveCall } from './serve-call';
import { admitRequestBody, type RequestBodyLimits } from './admit-request-body';

type LeaveUnread = (req: unknown, payload: unknown, done: (err: null, body: undefined) => void) => void;

/** What the plugin uses of its Fastify instance (fastify itself is the Nest adapter's dependency, not ours). */
export interface FastifyScope {
  addContentTypeParser(type: string | string[] | RegExp, parser: LeaveUnread): void;
  all(
    path: string,
    handler: (
      req: { raw: IncomingMessage | Http2ServerRequest },
      reply: { raw: ServerResponse | Http2ServerResponse; getHeaders(): Record<string, unknown> },
    ) => Promise<void>,
  ): void;
}

/**
 * A Fastify plugin with the routes' procedures: connect-es's fastifyConnectPlugin, with serveCall's logging. In its
 * own encapsulated context (registered without fastify-plugin) it adds the routes and parsers that leave the body
 * unread for the Connect, gRPC and gRPC-Web content types (application/json included), so the rest of the app keeps
 * its own parsers.
 */
export function fastifyConnectRoutes(
  instance: FastifyScope,
  opts: { routes: (router: ConnectRouter) => void } & RequestBodyLimits,
  done: () => void,
): void {
  const leaveUnread: LeaveUnread = (_req, _payload, parsed) => parsed(null, undefined);
  instance.addContentTypeParser(
    [connectProtocol.contentTypeUnaryJson, connectProtocol.contentTypeStreamJson],
    leaveUnread,
  );
  for (const types of [
    connectProtocol.contentTypeRegExp,
    grpcProtocol.contentTypeRegExp,
    grpcWebProtocol.contentTypeRegExp,
  ])
    instance.addContentTypeParser(types, leaveUnread);
  for (const [path, handler] of connectHandlers(opts.routes, opts.maxRequestBytes)) {
    instance.all(path, async (req, reply) => {
      // Headers Fastify holds on the reply (its hooks') go out with the raw response, which serveCall writes.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value as string | string[] | number);
      if (admitRequestBody(req.raw, reply.raw, opts)) await serveCall(handler, req.raw, reply.raw);
    });
  }
  done();
}
