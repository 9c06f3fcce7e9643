// What the servers share: request parsing (counts, shapes, query rules), NDJSON streaming, the HTTP apps' set-up, and
// the admission of a reply's memory (in-flight budget, building in pieces, reclaiming when idle).
export { createHttpApp } from './http/create-http-app';
export { createFastifyApp } from './http/create-fastify-app';
export { httpServerOptions } from './http/http-server-options';
export { endUnreadRequests } from './http/end-unread-requests';
export { neverThrows } from './http/never-throws';
export { h2cServerOptions } from './http/h2c-server-options';

export { streamNdjson, type NodeResponse } from './http/ndjson/stream-ndjson';
export { parseQuery, SAMPLES_QUERY, STREAM_QUERY, type QueryRule } from './http/parse-query';
export { parseShape } from './http/parse-shape';
export { parseCount } from './http/parse-count';
export { PLAIN_INTEGER } from './http/plain-integer';

export { parseStreamParams, type StreamLimits } from './http/ndjson/parse-stream-params';
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
export { admitHttpReply, clientGone, type HttpRefusal } from './memory/admit-http-reply';
export { jsonReplyBytes, ndjsonStreamBytes, LARGE_REPLY_ROWS } from './memory/reply-bytes';
export { BuildLane } from './memory/build-lane';
export { buildInPieces, REPLY_PIECE_ROWS, type PieceSteps, type PieceTimes } from './memory/build-in-pieces';
export { reclaimWhenIdle } from './memory/reclaim-when-idle';
