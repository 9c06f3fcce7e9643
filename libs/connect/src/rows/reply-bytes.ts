import type { HandlerContext } from '@connectrpc/connect';
import { jsonReplyBytes, ndjsonStreamBytes } from '@app/serving';
import { streamReplyBytes, unaryReplyBytes } from '@app/grpc';
import type { Shape } from '@app/shapes';

// application/json, application/connect+json, application/grpc+json, application/grpc-web+json (parameters allowed).
const JSON_CONTENT_TYPE = /^application\/(?:[\w.-]+\+)?json\b/i;

/**
 * Whether a call's replies are written as JSON: connect-es answers in the representation the request came in, so
 * the request's content type says which bytes the reply will take.
 */
export function repliesInJson(ctx: Pick<HandlerContext, 'requestHeader'>): boolean {
  return JSON_CONTENT_TYPE.test(ctx.requestHeader.get('content-type') ?? '');
}

/**
 * What a unary reply reserves: the largest encoding of the representation actually sent. JSON takes the JSON
 * servers' bound (a Connect JSON reply's rows are the shape's JSON form, see CONNECT_SERVER_OPTIONS), protobuf the
 * gRPC servers'. For the article's row at 1,000,000 rows that is 265.1 MiB against 149.7 MiB.
 */
export function unaryRowsReplyBytes(count: number, shape: Shape, json: boolean): number {
  return json ? jsonReplyBytes(count, shape) : unaryReplyBytes(count, shape);
}

/** What a stream reserves: its stream budget, or all of its rows in the representation sent when they are fewer. */
export function streamRowsReplyBytes(
  param: { count: number; offset: number },
  bufferBytes: number,
  shape: Shape,
  json: boolean,
): number {
  return json
    ? ndjsonStreamBytes(param.count, param.offset, bufferBytes, shape)
    : streamReplyBytes(param, bufferBytes, shape);
}
