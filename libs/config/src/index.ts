export type {
  WirebenchConfig,
  ListenAddress,
  Limits,
  LoadLimits,
  HttpTimeouts,
  GrpcServerTimeouts,
  ServerResourcesMode,
  ServerResourcesFrom,
  NetworkLink,
  ClientBudget,
  LogLevelSetting,
} from './wirebench-config.interface';
export {
  SERVER_RESOURCES_MODES,
  SERVER_RESOURCES_FROM,
  NETWORK_LINK_LATENCY,
  LOG_LEVELS,
} from './wirebench-config.interface';
export { serverResourcesEnabled } from './server-resources-enabled';
export { loadConfig, DEFAULTS } from './load-config';
export { ConfigError } from './config-error';
export { WIREBENCH_CONFIG, HTTP2_DEFAULT_WINDOW } from './config.constants';
export { WirebenchConfigModule } from './config.module';
export { hostPortOf, isLoopback } from './host-port-of';
export { checkWritableDir } from './check-writable-dir';
export { readOpenFilesLimit } from './read-open-files-limit';
export { readUserShape, userShapeEnv, USER_SHAPE_VARIABLES } from './read-user-shape';
