import type { DescService } from '@bufbuild/protobuf';
import type { ConnectRouter, ServiceImpl } from '@connectrpc/connect';
import type { ConnectRows } from './connect-rows';
import { rowsServiceImpl } from './rows-service-impl';
import { rowsServices } from './rows-services';

/** Every rows service answered by `rows`, as the routes function connect-node's adapter takes: the bare server's. */
export function rowsRoutes(rows: ConnectRows): (router: ConnectRouter) => void {
  return (router) => {
    for (const service of rowsServices())
      router.service(service, rowsServiceImpl(rows, service) as unknown as ServiceImpl<DescService>);
  };
}
