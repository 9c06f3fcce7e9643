import { Agent, request } from 'node:http';
import { rows as generateRows } from '@app/data-generator';
import type { Fire } from './fire.interface';
import type { LoadLevelSpec } from './load-level.interface';
import { MismatchError } from './mismatch-error';

/** The exact body both JSON servers send for `rows` rows (JSON.stringify of the same generator output). */
export function expectedJsonBody(rows: number): string {
  return JSON.stringify({ samples: generateRows(rows) });
}

/**
 * HTTP/1.1 requests on node:http for the open-loop generator (autocannon drives the closed loop): keep-alive
 * sockets, at most `connections` of them. Every body is compared byte for byte with the expected JSON.
 */
export function httpFire(spec: LoadLevelSpec): { fire: Fire; verified: () => boolean; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: spec.connections });
  const url = new URL(`${spec.target.address}/samples/${spec.rows}`);
  const expected = Buffer.from(expectedJsonBody(spec.rows));
  let ok = true;
  let seen = 0;
  const fire: Fire = () =>
    new Promise((resolve, reject) => {
      const req = request(url, { agent, timeout: spec.timeoutMs }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { code: `http-${res.statusCode}` }));
          const body = Buffer.concat(chunks);
          seen++;
          if (!body.equals(expected)) {
            ok = false;
            return reject(new MismatchError('body differs from the expected rows'));
          }
          resolve(body.length);
        });
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
      req.on('error', reject);
      req.end();
    });
  return { fire, verified: () => ok && seen > 0, close: () => agent.destroy() };
}
