// Process bootstrap shared by every app, the CLIs and the tests: start-up, workers, signals, launching the apps.
export { loadAppConfig } from './load-app-config';
export { runWithWorkers } from './run-with-workers';
export { exitOnStartupError } from './exit-on-startup-error';
export { StartupLogger } from './startup-logger';

export { stopOnSignal } from './stop-on-signal';
export { findProjectRoot } from './find-project-root';
export { appCommand, appEntry, builtAppEntry, nativeAppsUnavailable } from './app-entry';
export type { ServingAppName } from './app-entry';
export { isListening } from './launch/is-listening';
export { LaunchedApp, type LaunchOptions } from './launch/launched-app';
export { envForApp } from './launch/allocator-env';
export { AppLauncher, APP_AT, appAddresses, appTargets, BENCH_APPS } from './launch/app-launcher';
