export type {
  WirebenchConfig,
  ListenAddress,
  Limits,
  LoadLimits,
  HttpTimeouts,
  GrpcServerTimeouts,
  ServerResourcesFrom,
  NetworkLink,
  ClientBudget,
  LogLevelSetting,
} from './wirebench-config.interface';

export { serverResourcesEnabled } from './server-resources-enabled';
export { loadConfig, DEFAULTS } from './load-config';
export { ConfigError } from './config-error';
export { WIREBENCH_CONFIG, HTTP2_DEFAULT_WINDOW } from './config.constants';
export { WirebenchConfigModule } from './config.module';
export { hostPortOf, isLoopback } from './host-port-of';
export { checkWritableDir } from './check-writable-dir';
export { readOpenFilesLimit } from './read-open-files-limit';
export { userShapeEnv } from './read-user-shape';
