// Process bootstrap shared by every app, the CLIs and the tests: start-up, workers, signals, launching the apps.
export { loadAppConfig } from './load-app-config';
export { runWithWorkers, type RunWithWorkersOptions } from './run-with-workers';
export { exitOnStartupError } from './exit-on-startup-error';
export { StartupLogger, logLevelsFor } from './startup-logger';
export { colourWanted } from './colour-wanted';
export { stopOnSignal } from './stop-on-signal';
export { findProjectRoot } from './find-project-root';
export { APP_NAMES, SERVING_APP_NAMES, appEntry, builtAppEntry } from './app-entry';
export type { AppName, ServingAppName } from './app-entry';
export { isListening } from './launch/is-listening';
export { LaunchedApp, type LaunchOptions } from './launch/launched-app';
export { CLIENT_ALLOCATOR_ENV, envForApp } from './launch/allocator-env';
export { AppLauncher, APP_AT, appAddresses, appTargets, BENCH_APPS } from './launch/app-launcher';
