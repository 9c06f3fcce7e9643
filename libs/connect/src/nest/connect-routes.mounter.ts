import { Inject, Injectable, OnModuleInit, Optional } from '@nestjs/common';
import { DEFAULTS, WIREBENCH_CONFIG, type WirebenchConfig } from '@app/config';
import { InflightBudget } from '@app/serving';
import { DiscoveryService, HttpAdapterHost, ModuleRef, Reflector } from '@nestjs/core';
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
    // Optional: an app without the config module still gets the default bound, never connect-es's 4 GiB.
    @Optional() @Inject(WIREBENCH_CONFIG) private readonly config?: WirebenchConfig,
    private readonly moduleRef?: ModuleRef,
  ) {}

  async onModuleInit(): Promise<void> {
    const handlers = discoverConnectHandlers(this.discovery, this.reflector);
    // A microservice-only app has no HTTP adapter; an app without handlers needs no routes.
    if (handlers.length === 0 || !this.adapterHost.httpAdapter) return;
    const maxRequestBytes = this.config?.serverMemory.maxRequestBytes ?? DEFAULTS.maxRequestBytes;
    await mountConnectRoutes(this.adapterHost.httpAdapter, connectRoutes(handlers), {
      maxRequestBytes,
      budget: this.appBudget(),
    });
  }

  /**
   * The app's memory budget (MAX_INFLIGHT_BYTES), provided by the app's own module (the one its ConnectRows draws on),
   * which request bodies count against while they are read; none in an app without one.
   */
  private appBudget(): InflightBudget | undefined {
    try {
      return this.moduleRef?.get(InflightBudget, { strict: false });
    } catch {
      return undefined;
    }
  }
}
