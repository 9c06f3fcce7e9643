import type { ConnectRouter } from '@connectrpc/connect';
import type { AbstractHttpAdapter } from '@nestjs/core';
import { connectNodeHandler } from '../serving/connect-node-handler';
import { fastifyConnectRoutes } from '../serving/fastify-connect-routes';
import type { RequestBodyLimits } from '../serving/admit-request-body';

type Routes = (router: ConnectRouter) => void;

/**
 * How Connect's routes join each Nest HTTP platform, by the adapter's getType(). Express: a middleware that answers
 * its own paths and passes every other request on (the apps parse no bodies, so the raw request reaches it).
 * Fastify (HTTP/1.1 or h2c): a plugin that adds its routes and body-less parsers for the Connect, gRPC and gRPC-Web
 * content types inside its own encapsulated context (so application/json stays as the app has it elsewhere); a
 * plugin must be registered before Fastify is ready, which onModuleInit is. Both are connect-es's own adapters but
 * for how a failed call is logged (serving/serve-call.ts).
 */
const MOUNTERS: Record<
  string,
  (adapter: AbstractHttpAdapter, routes: Routes, limits: RequestBodyLimits) => Promise<void>
> = {
  express: async (adapter, routes, limits) => void adapter.use(connectNodeHandler(routes, () => undefined, limits)),
  fastify: async (adapter, routes, limits) => {
    const fastify = adapter as AbstractHttpAdapter & {
      register(plugin: unknown, options: object): PromiseLike<unknown>;
    };
    await fastify.register(fastifyConnectRoutes, { routes, ...limits });
  },
};

/**
 * Mounts the routes with connect-es's options, the request size bound among them (MAX_REQUEST_BYTES), bodies counted
 * against the app's memory budget while they are read.
 */
export async function mountConnectRoutes(
  adapter: AbstractHttpAdapter,
  routes: Routes,
  limits: RequestBodyLimits,
): Promise<void> {
  const type = adapter.getType();
  const mount = MOUNTERS[type];
  if (!mount)
    throw new Error(
      `Connect routes cannot be mounted on the ${type} platform: supported are ${Object.keys(MOUNTERS).join(', ')}`,
    );
  await mount(adapter, routes, limits);
}
