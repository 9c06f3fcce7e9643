// The HTTP fire path's request and expected body per shape, and httpFire against a real node:http server.
import { createServer, Server } from 'node:http';
import { rows as generateRows } from '@app/data-generator';
import { getShape, type JsonRow } from '@app/shapes';
import { expectedDigest } from '@app/bench';
import { errorKind } from './error-kind';
import { httpLevelRequest } from './http-level-request';
import { expectedJsonBody, httpFire, loadLevelUrl } from './http-fire';
import type { LoadLevelSpec } from './load-level.interface';

function spec(address: string, over: Partial<LoadLevelSpec> = {}): LoadLevelSpec {
  return {
    transport: 'json',
    targetKind: 'bare',
    target: { server: 'json-server', address },
    rows: 3,
    concurrency: 2,
    connections: 2,
    durationMs: 1000,
    warmupMs: 0,
    timeoutMs: 2000,
    grpcMaxMessageBytes: 4 * 1024 * 1024,
    ...over,
  };
}

describe('the HTTP load level per shape', () => {
  it("keeps the row's request and body byte for byte what they were before shapes", () => {
    expect(expectedJsonBody(5)).toBe(JSON.stringify({ samples: generateRows(5) }));
    expect(expectedJsonBody(5, 'row')).toBe(JSON.stringify({ samples: generateRows(5) }));
    expect(loadLevelUrl(spec('http://127.0.0.1:1', { rows: 5 }))).toBe('http://127.0.0.1:1/samples/5');
    expect(loadLevelUrl(spec('http://127.0.0.1:1', { rows: 5, shape: 'row' }))).toBe('http://127.0.0.1:1/samples/5');
  });

  it.each(['numeric', 'text', 'nested', 'binary'] as const)(
    'asks for %s by ?shape= and expects its rows in their JSON form, with the checksum both transports share',
    (shape) => {
      expect(loadLevelUrl(spec('http://127.0.0.1:1', { rows: 4, shape }))).toBe(
        `http://127.0.0.1:1/samples/4?shape=${shape}`,
      );
      const body = JSON.parse(expectedJsonBody(4, shape)) as Record<string, JsonRow[]>;
      const s = getShape(shape);
      expect(Object.keys(body)).toEqual([s.rowsField]);
      expect(body[s.rowsField]).toHaveLength(4);
      expect(s.newChecksum().add(body[s.rowsField]).digest()).toEqual(expectedDigest(4, shape));
    },
  );
});

describe('httpFire', () => {
  let server: Server;
  let address = '';
  const served: string[] = [];
  beforeAll(async () => {
    // Answers each shape's expected body, except that it serves the row's body for ?shape=text: a server that ignored
    // the shape.
    server = createServer((req, res) => {
      served.push(req.url!);
      const url = new URL(req.url!, 'http://x');
      const shape = url.searchParams.get('shape') ?? 'row';
      const rows = Number(url.pathname.split('/')[2]);
      res.setHeader('content-type', 'application/json');
      res.end(expectedJsonBody(rows, shape === 'text' ? 'row' : (shape as 'row')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());

  async function fireTwice(s: LoadLevelSpec): Promise<{ results: (number | string)[]; verified: boolean }> {
    const requests = httpFire(s, await httpLevelRequest(s));
    try {
      const results = await Promise.all([0, 1].map((i) => requests.fire(i).catch((e) => errorKind(e))));
      return { results, verified: requests.verified() };
    } finally {
      requests.close();
    }
  }

  it("verifies a reply of the level's shape", async () => {
    const { results, verified } = await fireTwice(spec(address, { shape: 'numeric' }));
    expect(results).toEqual([
      Buffer.byteLength(expectedJsonBody(3, 'numeric')),
      Buffer.byteLength(expectedJsonBody(3, 'numeric')),
    ]);
    expect(verified).toBe(true);
    expect(served).toContain('/samples/3?shape=numeric');
  });

  it('counts a reply of another shape as a mismatch', async () => {
    const { results, verified } = await fireTwice(spec(address, { shape: 'text' }));
    expect(results).toEqual(['mismatch', 'mismatch']);
    expect(verified).toBe(false);
  });
});
