import type { DescService } from '@bufbuild/protobuf';
import type { DiscoveryService, Reflector } from '@nestjs/core';
import { CONNECT_SERVICES } from './connect-service.decorator';

/** One service and the provider instance whose methods implement it. */
export interface ConnectHandler {
  service: DescService;
  instance: object;
}

/**
 * The @ConnectService providers of the whole app, as instances from Nest's container (so every dependency they
 * declared is injected), each paired with the services it implements. A method a service has and the provider lacks
 * is a start-up error naming both, not an `unimplemented` at the first call.
 */
export function discoverConnectHandlers(discovery: DiscoveryService, reflector: Reflector): ConnectHandler[] {
  return discovery.getProviders().flatMap((wrapper) => {
    const { metatype } = wrapper;
    if (!metatype) return [];
    const services = reflector.get<DescService[] | undefined>(CONNECT_SERVICES, metatype);
    if (!services) return [];
    // Connect's routes are fixed at start-up and call one instance: a provider built per request (or depending on
    // one that is) has none to give.
    if (!wrapper.isDependencyTreeStatic())
      throw new Error(
        `${metatype.name} is a Connect handler but request-scoped (itself or a dependency): Connect handlers ` +
          `must be singletons`,
      );
    const instance = wrapper.instance as object;
    return services.map((service) => {
      const missing = service.methods.filter(
        (m) => typeof (instance as Record<string, unknown>)[m.localName] !== 'function',
      );
      if (missing.length > 0)
        throw new Error(
          `${metatype.name} is the Connect handler of ` +
            `${service.typeName} but has no ${missing.map((m) => m.localName).join(', ')}`,
        );
      return { service, instance };
    });
  });
}
