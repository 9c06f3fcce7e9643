export { ConnectModule } from './nest/connect.module';
export { ConnectService, CONNECT_SERVICES } from './nest/connect-service.decorator';
export { RowsConnectHandler } from './nest/rows-connect.handler';
export { connectRowsProvider } from './nest/connect-rows.provider';
export { ConnectRows, type RowsRequest, type StreamRowsRequest } from './rows/connect-rows';
export { rowsServices, shapeOfService } from './rows/rows-services';
export { rowsServiceImpl, type ServiceHandlers } from './rows/rows-service-impl';
export { rowsLimits } from './rows/rows-limits';
export { rowsRoutes } from './rows/rows-routes';
