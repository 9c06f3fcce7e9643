export type { WirebenchConfig, ListenAddress, Limits, LoadLimits, HttpTimeouts } from './wirebench-config.interface';
export { loadConfig, DEFAULTS } from './load-config';
export { ConfigError } from './config-error';
export { WIREBENCH_CONFIG } from './config.constants';
export { WirebenchConfigModule } from './config.module';
export { hostPortOf, isLoopback } from './host-port-of';
export { checkWritableDir } from './check-writable-dir';
