import { Agent, request } from 'node:http';
import { DEFAULT_SHAPE, getShape, jsonRowsOf, type ShapeName } from '@app/shapes';
import { samplesPath } from '@app/transports';
import type { Fire } from './fire.interface';
import type { HttpLevelRequest } from './http-level-request.interface';
import type { LoadLevelSpec } from './load-level.interface';
import { levelShape } from './level-shape';
import { MismatchError } from './mismatch-error';

/**
 * The exact body every JSON server sends for `rows` rows of `shape`: `{"<rowsField>":[...]}` of the shape's rows in
 * their proto3 JSON form, through JSON.stringify (the servers' default serializer). For `row` that is
 * `{"samples":[...]}` of the article's rows, byte for byte what it was before shapes.
 */
export function expectedJsonBody(rows: number, shape: ShapeName = DEFAULT_SHAPE): string {
  const s = getShape(shape);
  return JSON.stringify({ [s.rowsField]: jsonRowsOf(s, rows) });
}

/** The URL a level's HTTP requests go to: its rows of its shape (`?shape=` for all but `row`, as the bench asks). */
export function loadLevelUrl(spec: LoadLevelSpec): string {
  return `${spec.target.address}${samplesPath(spec.rows, levelShape(spec))}`;
}

/**
 * HTTP/1.1 requests on node:http for the open-loop generator (autocannon drives the closed loop): keep-alive
 * sockets, at most `connections` of them, each sending the level's request (httpLevelRequest). Every body is
 * compared byte for byte with the expected reply.
 */
export function httpFire(
  spec: LoadLevelSpec,
  call: HttpLevelRequest,
): { fire: Fire; verified: () => boolean; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(call.url);
  const { expected } = call;
  let ok = true;
  let seen = 0;
  const fire: Fire = () =>
    new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: call.method, headers: call.headers, agent, timeout: spec.timeoutMs },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            if (res.statusCode !== 200)
              return reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { code: `http-${res.statusCode}` }));
            const body = Buffer.concat(chunks);
            seen++;
            if (!body.equals(expected)) {
              ok = false;
              return reject(new MismatchError('body differs from the expected rows'));
            }
            resolve(body.length);
          });
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', reject);
      req.end(call.body);
    });
  return { fire, verified: () => ok && seen > 0, close: () => agent.destroy() };
}
