export { connectNodeHandler } from './serving/connect-node-handler';
export { ConnectModule } from './nest/connect.module';

export { RowsConnectHandler } from './nest/rows-connect.handler';
export { connectRowsProvider } from './nest/connect-rows.provider';
export { ConnectRows } from './rows/connect-rows';

export { rowsLimits } from './rows/rows-limits';
export { rowsRoutes } from './rows/rows-routes';
