import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InflightBudget } from '@app/serving';
import { admitRequestBody } from './admit-request-body';

const KIB = 1024;

/** A loopback server that admits each body, reads it whole and answers 200 with the bytes it read. */
function bodyServer(budget: InflightBudget): Promise<Server> {
  const server = createServer((req, res) => {
    if (!admitRequestBody(req, res, { maxRequestBytes: 64 * KIB, budget })) return;
    let read = 0;
    req.on('data', (chunk: Buffer) => (read += chunk.length));
    req.on('end', () => res.end(String(read)));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** POSTs a body of `declared` bytes, of which `sent` go out now; resolves the status and body once answered. */
function post(server: Server, declared: number, sent: number) {
  const { port } = server.address() as AddressInfo;
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/',
    agent: false,
    headers: { 'content-length': declared },
  });
  const answer = new Promise<{ status: number; retryAfter?: string; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () =>
        resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined, body }),
      );
    });
    req.on('error', reject);
  });
  req.write(Buffer.alloc(sent));
  return { answer, finish: () => req.end(Buffer.alloc(declared - sent)), abort: () => req.destroy() };
}

describe('admitRequestBody', () => {
  let server: Server;
  const budget = new InflightBudget(100 * KIB);

  beforeAll(async () => (server = await bodyServer(budget)));
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it(
    'counts a body being read against the memory budget, refuses the next one that does not fit, and gives ' +
      'the bytes back',
    async () => {
      // 60 KiB declared, half sent: the body holds its reservation while it is read.
      const slow = post(server, 60 * KIB, 30 * KIB);
      await new Promise((r) => setTimeout(r, 100));
      expect(budget.inUseBytes).toBe(60 * KIB);
      const refused = await post(server, 60 * KIB, 0).answer;
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBeDefined();
      expect(JSON.parse(refused.body)).toEqual({
        code: 'unavailable',
        message: expect.stringMatching(/^request body: .*MAX_INFLIGHT_BYTES/),
      });
      slow.finish();
      expect(await slow.answer).toEqual({ status: 200, retryAfter: undefined, body: String(60 * KIB) });
      await new Promise((r) => setTimeout(r, 50));
      expect(budget.inUseBytes).toBe(0);
      const next = post(server, 60 * KIB, 60 * KIB);
      next.finish();
      expect((await next.answer).status).toBe(200);
    },
  );

  it('reserves at most MAX_REQUEST_BYTES, however large a length is declared (connect-es reads no more)', async () => {
    const huge = post(server, 200 * 1024 * KIB, 1);
    huge.answer.catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect(budget.inUseBytes).toBe(64 * KIB);
    // A caller who hangs up mid-body gives its reservation back with the closed response.
    huge.abort();
    await new Promise((r) => setTimeout(r, 100));
    expect(budget.inUseBytes).toBe(0);
  });
});
