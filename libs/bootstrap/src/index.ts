// Process bootstrap shared by every app, the CLIs and the tests: start-up, workers, signals, launching the apps.
export { runWithWorkers, type RunWithWorkersOptions } from './run-with-workers';
export { exitOnStartupError } from './exit-on-startup-error';
export { StartupLogger } from './startup-logger';
export { stopOnSignal } from './stop-on-signal';
export { findProjectRoot } from './find-project-root';
export { APP_NAMES, SERVING_APP_NAMES, appEntry, builtAppEntry } from './app-entry';
export type { AppName, ServingAppName } from './app-entry';
export { isListening } from './launch/is-listening';
export { LaunchedApp, type LaunchOptions } from './launch/launched-app';
export { AppLauncher, appAddresses, BENCH_APPS } from './launch/app-launcher';
export { createHttpApp } from './http/create-http-app';
export { createFastifyApp } from './http/create-fastify-app';
export { httpServerOptions } from './http/http-server-options';
export { NdjsonRowsStream, type NdjsonRange } from './http/ndjson/ndjson-rows-stream';
export { streamNdjson, NDJSON_MEDIA_TYPE, type NodeResponse } from './http/ndjson/stream-ndjson';
export { parseStreamParams, type BadStreamParamBody, type StreamParams, type StreamLimits } from './http/ndjson/parse-stream-params';
