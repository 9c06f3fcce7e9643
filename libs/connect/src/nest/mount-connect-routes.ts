import type { ConnectRouter } from '@connectrpc/connect';
import { expressConnectMiddleware } from '@connectrpc/connect-express';
import { fastifyConnectPlugin } from '@connectrpc/connect-fastify';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { connectServerOptions } from '../connect-server-options';

type Routes = (router: ConnectRouter) => void;

/**
 * How Connect's routes join each Nest HTTP platform, by the adapter's getType(). Express: connect-es's middleware,
 * which answers its own paths and passes every other request on (the apps parse no bodies, so the raw request
 * reaches it). Fastify (HTTP/1.1 or h2c): connect-es's plugin, which adds its routes and no-op parsers for the
 * Connect, gRPC and gRPC-Web content types inside its own encapsulated context (so application/json stays as the
 * app has it elsewhere); a plugin must be registered before Fastify is ready, which onModuleInit is.
 */
type Options = ReturnType<typeof connectServerOptions>;

const MOUNTERS: Record<string, (adapter: AbstractHttpAdapter, routes: Routes, options: Options) => Promise<void>> = {
  express: async (adapter, routes, options) => void adapter.use(expressConnectMiddleware({ ...options, routes })),
  fastify: async (adapter, routes, options) => {
    const fastify = adapter as AbstractHttpAdapter & { register(plugin: unknown, options: object): PromiseLike<unknown> };
    await fastify.register(fastifyConnectPlugin, { ...options, routes });
  },
};

/** Mounts the routes with connect-es's options, the request size bound among them (MAX_REQUEST_BYTES). */
export async function mountConnectRoutes(adapter: AbstractHttpAdapter, routes: Routes, maxRequestBytes: number): Promise<void> {
  const type = adapter.getType();
  const mount = MOUNTERS[type];
  if (!mount) throw new Error(`Connect routes cannot be mounted on the ${type} platform: supported are ${Object.keys(MOUNTERS).join(', ')}`);
  await mount(adapter, routes, connectServerOptions(maxRequestBytes));
}
