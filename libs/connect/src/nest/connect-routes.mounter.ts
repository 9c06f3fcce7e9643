import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, HttpAdapterHost, Reflector } from '@nestjs/core';
import { connectRoutes } from './connect-routes';
import { discoverConnectHandlers } from './discover-connect-handlers';
import { mountConnectRoutes } from './mount-connect-routes';

/**
 * Mounts the app's @ConnectService providers on its HTTP adapter, once Nest has built every provider.
 *
 * Why not the usual recipe (connect-es's closed NestJS pull request, connectrpc/connect-es#986, mounted Connect as
 * a global Nest middleware built from a routes function): a global middleware runs outside Nest's container, so the
 * services a handler declared in its constructor were never injected and were undefined at the first call. Here the
 * handlers are providers: Nest builds them with their dependencies, DiscoveryService hands over those very
 * instances, and the routes call their methods bound to them.
 *
 * onModuleInit, not onApplicationBootstrap: Nest adds its not-found handler between the two hooks, and on Express a
 * middleware added after it would never be reached; on Fastify a plugin must be registered before the server is ready.
 */
@Injectable()
export class ConnectRoutesMounter implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  async onModuleInit(): Promise<void> {
    const handlers = discoverConnectHandlers(this.discovery, this.reflector);
    // A microservice-only app has no HTTP adapter; an app without handlers needs no routes.
    if (handlers.length === 0 || !this.adapterHost.httpAdapter) return;
    await mountConnectRoutes(this.adapterHost.httpAdapter, connectRoutes(handlers));
  }
}
