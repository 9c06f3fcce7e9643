import type { ConnectRouter } from '@connectrpc/connect';
import { expressConnectMiddleware } from '@connectrpc/connect-express';
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';

type Routes = (router: ConnectRouter) => void;

/**
 * How Connect's routes join each Nest HTTP platform, by the adapter's getType(). Express: connect-es's middleware,
 * which answers its own paths and passes every other request on (the apps parse no bodies, so the raw request
 * reaches it). Fastify (HTTP/1.1 or h2c): connect-es's plugin, which adds its routes and no-op parsers for the
 * Connect, gRPC and gRPC-Web content types inside its own encapsulated context (so application/json stays as the
 * app has it elsewhere); a plugin must be registered before Fastify is ready, which onModuleInit is.
 */
const MOUNTERS: Record<string, (adapter: AbstractHttpAdapter, routes: Routes) => Promise<void>> = {
  express: async (adapter, routes) => void adapter.use(expressConnectMiddleware({ ...CONNECT_SERVER_OPTIONS, routes })),
  fastify: async (adapter, routes) => {
    const fastify = adapter as AbstractHttpAdapter & { register(plugin: unknown, options: object): PromiseLike<unknown> };
    await fastify.register(fastifyConnectPlugin, { ...CONNECT_SERVER_OPTIONS, routes });
  },
};

export async function mountConnectRoutes(adapter: AbstractHttpAdapter, routes: Routes): Promise<void> {
  const type = adapter.getType();
  const mount = MOUNTERS[type];
  if (!mount) throw new Error(`Connect routes cannot be mounted on the ${type} platform: supported are ${Object.keys(MOUNTERS).join(', ')}`);
  await mount(adapter, routes);
}
