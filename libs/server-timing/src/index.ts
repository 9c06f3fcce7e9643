export type { ServerPhases } from './server-phases';
export { SERVER_PHASE_METRICS, SERVER_TIMING } from './server-phases';
export { formatServerTiming } from './format-server-timing';
export type { ParsedServerTiming } from './parse-server-timing';
export { parseServerTiming } from './parse-server-timing';
