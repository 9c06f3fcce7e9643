import type { DescService } from '@bufbuild/protobuf';
import type { ConnectRouter, ServiceImpl } from '@connectrpc/connect';
import type { ConnectHandler } from './discover-connect-handlers';

/** The routes function connect-es's adapters take: each service answered by its provider's methods, bound to it. */
export function connectRoutes(handlers: ConnectHandler[]): (router: ConnectRouter) => void {
  return (router) => {
    for (const { service, instance } of handlers) {
      const methods = instance as Record<string, (...args: unknown[]) => unknown>;
      const impl = Object.fromEntries(service.methods.map((m) => [m.localName, methods[m.localName].bind(instance)]));
      // Checked at discovery: every method of the service is a function of the provider.
      router.service(service, impl as unknown as ServiceImpl<DescService>);
    }
  };
}
