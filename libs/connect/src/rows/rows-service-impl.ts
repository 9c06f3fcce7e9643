import type { DescService } from '@bufbuild/protobuf';
import type { ConnectRows } from './connect-rows';

/** A handler object connect-es's router takes: the service's methods by their local names. */
export type ServiceHandlers = Record<string, (...args: never[]) => unknown>;

/**
 * The service's methods bound to `rows`, by what each method is (unary → rows.unary, server streaming → rows.stream),
 * not by its name: GetSamples and GetRows alike. What the bare server registers for each served shape.
 */
export function rowsServiceImpl(rows: ConnectRows, service: DescService): ServiceHandlers {
  return Object.fromEntries(
    service.methods.map((method) => {
      if (method.methodKind === 'unary') return [method.localName, rows.unary.bind(rows)];
      if (method.methodKind === 'server_streaming') return [method.localName, rows.stream.bind(rows)];
      throw new Error(
        `${service.typeName}.${method.name} is ` +
          `${method.methodKind}: the rows services have unary and server-streaming methods only`,
      );
    }),
  );
}
