import type { TransportKind } from '@app/bench';
import { connectLevelRequest } from './connect-level-request';
import { expectedJsonBody, loadLevelUrl } from './http-fire';
import { levelShape } from './level-shape';
import type { HttpLevelRequest } from './http-level-request.interface';
import type { LoadLevelSpec } from './load-level.interface';

export type { HttpLevelRequest } from './http-level-request.interface';

/** Per HTTP/1.1 transport, how its level's request and expected reply are made (before the load, never timed). */
const HTTP_LEVEL_REQUESTS: Partial<Record<TransportKind, (spec: LoadLevelSpec) => Promise<HttpLevelRequest>>> = {
  json: async (spec) => ({
    url: loadLevelUrl(spec),
    method: 'GET',
    headers: {},
    expected: Buffer.from(expectedJsonBody(spec.rows, levelShape(spec))),
  }),
  connect: connectLevelRequest,
};

export function httpLevelRequest(spec: LoadLevelSpec): Promise<HttpLevelRequest> {
  const make = HTTP_LEVEL_REQUESTS[spec.transport];
  if (!make) throw new Error(`transport ${spec.transport} is not sent over HTTP/1.1 by the load generators`);
  return make(spec);
}
