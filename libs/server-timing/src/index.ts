export type { ServerPhases } from './server-phases';
export { SERVER_TIMING } from './server-phases';
export { formatServerTiming } from './format-server-timing';

export { parseServerTiming } from './parse-server-timing';
