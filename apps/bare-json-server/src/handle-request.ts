import { IncomingMessage, ServerResponse } from 'node:http';
import { jsonRowsOf } from '@app/shapes';
import { buildReplyInPieces, jsonReplyPieces, jsonReplyText, parseJsonSerializer } from '@app/codecs';
import {
  admitHttpReply,
  BuildLane,
  clientGone,
  InflightBudget,
  jsonReplyBytes,
  LARGE_REPLY_ROWS,
  ndjsonStreamBytes,
  parseCount,
  parseQuery,
  parseShape,
  parseStreamParams,
  SAMPLES_QUERY,
  STREAM_QUERY,
  StreamLimits,
  streamNdjson,
} from '@app/serving';
import { ResourceMeter, resourcesRoute } from '@app/resources';
import { sendJson, sendJsonText } from './send-json';

// The Nest server's two routes; like Express it ignores case and a trailing slash.
const SAMPLES_ROUTE = /^\/(?:samples|server-a)\/([^/]+)\/?$/i;
const STREAM_ROUTE = /^\/samples\/([^/]+)\/stream\/?$/i;

/**
 * `GET /samples/:count?shape=&serializer=` and `/server-a/:count` -> `{ samples: Row[] }` (another shape: `{ rows:
 * [...] }` in its proto3 JSON form), and `GET /samples/:count/stream` -> NDJSON (the Nest server's stream, shared),
 * with nothing between the socket and the generator; with a meter also the resource admin routes (libs/resources),
 * which are otherwise 404 like any unknown path.
 */
export function handleRequest(
  maxRows: number,
  streamLimits: StreamLimits,
  budget: InflightBudget,
  meter: ResourceMeter | null = null,
) {
  // Large replies take turns, each built only if its caller is still there (BuildLane).
  const lane = new BuildLane();
  return (req: IncomingMessage, res: ServerResponse): void => {
    const url = req.url ?? '/';
    const path = pathOf(url);
    const stream = STREAM_ROUTE.exec(path);
    if (stream && req.method === 'GET') {
      // The query before the count, as on the Nest server, where it is checked before the route's pipes run.
      const parsed = parseQuery(url, STREAM_QUERY);
      if ('error' in parsed) return sendJson(res, 400, parsed.error);
      const shaped = parseShape(parsed.query.shape);
      if ('error' in shaped) return sendJson(res, 400, shaped.error);
      const { shape } = shaped;
      const serializer = parseJsonSerializer(parsed.query.serializer);
      if ('error' in serializer) return sendJson(res, 400, serializer.error);
      const params = parseStreamParams(
        decodeParam(stream[1]),
        parsed.query.chunk,
        parsed.query.offset,
        streamLimits,
        shape,
      );
      if ('error' in params) return sendJson(res, 400, params.error);
      const refusal = admitHttpReply(
        budget,
        ndjsonStreamBytes(params.count, params.offset, streamLimits.bufferBytes, shape),
        res,
        'stream',
      );
      if (refusal) return sendJson(res, refusal.status, refusal.body, refusal.headers);
      void streamNdjson(res, { ...params, shape, stringify: serializer.codec.forShape(shape).stringify });
      return;
    }
    const admin = meter && resourcesRoute(meter, req.method ?? 'GET', path);
    if (admin) return sendJson(res, admin.status, admin.body);
    const match = SAMPLES_ROUTE.exec(path);
    if (!match)
      return sendJson(res, 404, { statusCode: 404, error: 'Not Found', message: `Cannot ${req.method} ${path}` });
    if (req.method !== 'GET') {
      return sendJson(
        res,
        405,
        { statusCode: 405, error: 'Method Not Allowed', message: `${req.method} is not allowed, only GET` },
        { allow: 'GET' },
      );
    }
    const query = parseQuery(url, SAMPLES_QUERY);
    if ('error' in query) return sendJson(res, 400, query.error);
    const parsed = parseCount(decodeParam(match[1]), maxRows);
    if ('error' in parsed) return sendJson(res, 400, parsed.error);
    const shaped = parseShape(query.query.shape);
    if ('error' in shaped) return sendJson(res, 400, shaped.error);
    const { shape } = shaped;
    const serializer = parseJsonSerializer(query.query.serializer);
    if ('error' in serializer) return sendJson(res, 400, serializer.error);
    const refusal = admitHttpReply(budget, jsonReplyBytes(parsed.count, shape), res);
    if (refusal) return sendJson(res, refusal.status, refusal.body, refusal.headers);
    // The rows in their JSON form (for the article's row, the rows themselves), under the shape's key, written by
    // the serializer asked for (JSON.stringify unless another was named).
    if (parsed.count <= LARGE_REPLY_ROWS)
      return sendJsonText(res, 200, jsonReplyText(serializer.codec, shape, jsonRowsOf(shape, parsed.count)));
    // Seconds of work: built in its turn, in pieces, and only while its caller is still there; the same body.
    const gone = () => clientGone(res);
    void lane.run(gone, async () => {
      const built = await buildReplyInPieces(parsed.count, gone, jsonReplyPieces(serializer.codec, shape));
      if (built) sendJsonText(res, 200, built.body);
    });
  };
}

function pathOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? url : url.slice(0, at);
}

// Express hands the route parameter over percent-decoded; a malformed escape stays as sent and fails as a count.
function decodeParam(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
