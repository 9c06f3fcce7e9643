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
export { createHttpApp } from './http/create-http-app';
export { createFastifyApp } from './http/create-fastify-app';
export { httpServerOptions } from './http/http-server-options';
export { endUnreadRequests } from './http/end-unread-requests';
export { neverThrows } from './http/never-throws';
export { h2cServerOptions } from './http/h2c-server-options';
export { NdjsonRowsStream, type NdjsonRange } from './http/ndjson/ndjson-rows-stream';
export { streamNdjson, NDJSON_MEDIA_TYPE, type NodeResponse } from './http/ndjson/stream-ndjson';
export { parseQuery, SAMPLES_QUERY, STREAM_QUERY, type BadQueryBody, type QueryRule } from './http/parse-query';
export { parseShape, type BadShapeBody } from './http/parse-shape';
export { parseCount, type BadCountBody } from './http/parse-count';
export { PLAIN_INTEGER } from './http/plain-integer';
export { ndjsonLines, type NdjsonLines } from './http/ndjson/ndjson-lines';
export {
  parseStreamParams,
  type BadStreamParamBody,
  type StreamParams,
  type StreamLimits,
} from './http/ndjson/parse-stream-params';
export {
  ResourceMeter,
  type ResourceReport,
  type ResourceSnapshot,
  type ResourceMeterOptions,
} from './resources/resource-meter';
export { readPeakRss, resetPeakRss } from './resources/peak-rss';
export {
  DEFAULT_DISTURBED_ABOVE,
  foreignCpu,
  MS_PER_TICK,
  parseMachineCpu,
  readMachineCpu,
  type ForeignCpu,
  type MachineCpu,
} from './resources/machine-cpu';
export { reapedChildrenCpuMs } from './resources/children-cpu-ms';
export { resourcesRoute, RESOURCES_ROUTES, RESOURCES_AT_HTTP } from './resources/resources-routes';
export { serverResourceMeter } from './resources/server-meter';
export {
  InflightBudget,
  isRefusal,
  describeRefusal,
  RETRY_AFTER_S,
  type BudgetRefusal,
  type Reservation,
} from './memory/inflight-budget';
export { chunkBudgetProblem } from './memory/chunk-budget';
export { STREAM_PIECE_ROWS } from './memory/stream-piece-rows';
export { admitHttpReply, clientGone, type HttpRefusal, type ClosableResponse } from './memory/admit-http-reply';
export { jsonReplyBytes, ndjsonStreamBytes, LARGE_REPLY_ROWS } from './memory/reply-bytes';
export { BuildLane, afterPendingIo } from './memory/build-lane';
export { buildInPieces, REPLY_PIECE_ROWS, type PieceSteps, type PieceTimes } from './memory/build-in-pieces';
export { reclaimWhenIdle, RECLAIM_AFTER_IDLE_MS } from './memory/reclaim-when-idle';
