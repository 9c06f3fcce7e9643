// A Connect load level's POST, its reference reply and the byte-for-byte check of every reply under autocannon,
// against a small real node:http server that answers with the right rows, or with wrong bytes.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { fromBinary, type DescMessage } from '@bufbuild/protobuf';
import { getProtobufCodec, protobufEsService } from '@app/codecs';
import { getShape, type ShapeName } from '@app/shapes';
import { autocannonClosedLoop } from './autocannon-closed-loop';
import { connectLevelRequest, connectReplyProblem, connectUnaryPost } from './connect-level-request';
import { httpFire } from './http-fire';
import type { LoadLevelSpec } from './load-level.interface';
import { MismatchError } from './mismatch-error';

const ROWS = 3;

/**
 * The reply a Connect server sends for `count` rows of `shape`: the protobuf-es codec's bytes, as the servers encode
 * it.
 */
function replyBytes(count: number, shape: ShapeName = 'row'): Buffer {
  const s = getShape(shape);
  const codec = getProtobufCodec('protobuf-es').forShape(s);
  return Buffer.from(codec.encode(codec.prepare(s.rows(count))));
}

function spec(address: string, over: Partial<LoadLevelSpec> = {}): LoadLevelSpec {
  return {
    transport: 'connect',
    targetKind: 'connect-bare',
    target: { server: 'bare-connect-server', address },
    rows: ROWS,
    concurrency: 2,
    connections: 2,
    durationMs: 1000,
    warmupMs: 0,
    timeoutMs: 2000,
    grpcMaxMessageBytes: 4 * 1024 * 1024,
    ...over,
  };
}

describe('a Connect load level', () => {
  let server: Server;
  let address: string;
  // Replies after this many are corrupted (one byte flipped, same length); Infinity: all good.
  let goodReplies = Infinity;
  let served = 0;
  const seen: { path: string; type: string; count: number }[] = [];

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const shape = req.url!.startsWith('/wirebench.shapes.NumericService/') ? 'numeric' : 'row';
        const method = protobufEsService(getShape(shape)).methods.find((m) => m.name === getShape(shape).unaryMethod)!;
        const { count } = fromBinary(method.input as DescMessage, Buffer.concat(chunks)) as unknown as {
          count: number;
        };
        seen.push({ path: req.url!, type: String(req.headers['content-type']), count });
        const body = replyBytes(count, shape);
        if (++served > goodReplies) body[body.length - 1] ^= 0x01;
        res.setHeader('content-type', 'application/proto');
        res.end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => server.close());
  beforeEach(() => {
    goodReplies = Infinity;
    served = 0;
    seen.length = 0;
  });

  it("POSTs the shape's unary method with the request message { count } in protobuf binary", async () => {
    expect(connectUnaryPost(spec(address)).url).toBe(`${address}/sample.SampleService/GetSamples`);
    expect(connectUnaryPost(spec(address, { shape: 'numeric' })).url).toBe(
      `${address}/wirebench.shapes.NumericService/GetRows`,
    );
    const call = await connectLevelRequest(spec(address, { shape: 'numeric', rows: 5 }));
    expect(seen).toEqual([{ path: '/wirebench.shapes.NumericService/GetRows', type: 'application/proto', count: 5 }]);
    expect(call.expected.equals(replyBytes(5, 'numeric'))).toBe(true);
  });

  it('checks a reply by row count and checksum', () => {
    expect(connectReplyProblem(spec(address), replyBytes(ROWS))).toBeNull();
    expect(connectReplyProblem(spec(address), replyBytes(ROWS - 1))).toBe(`${ROWS - 1} rows, expected ${ROWS}`);
    const flipped = replyBytes(ROWS);
    flipped[flipped.length - 1] ^= 0x01;
    expect(connectReplyProblem(spec(address), flipped)).toBe('checksum');
  });

  it('refuses a reference reply that is not the rows, before any load', async () => {
    goodReplies = 0;
    await expect(connectLevelRequest(spec(address))).rejects.toThrow(MismatchError);
    await expect(connectLevelRequest(spec(address))).rejects.toThrow(
      /the reference reply is not 3 rows of row: checksum/,
    );
  });

  it(
    'counts every reply that differs from the reference by one byte as a mismatch under autocannon, and the ' +
      'rest as successes',
    async () => {
      const level = spec(address, { requests: 40, concurrency: 4, connections: 2 });
      const call = await connectLevelRequest(level);
      goodReplies = 1 + 30;
      const result = await autocannonClosedLoop(level, call);
      // Every good reply a success, every counted reply after them a mismatch (autocannon may stop a few short of 40).
      expect(result.successes).toBe(30);
      expect(Object.keys(result.errors)).toEqual(['mismatch']);
      expect(result.errors.mismatch).toBeGreaterThan(0);
      expect(result.requests).toBe(result.successes + result.errors.mismatch);
      expect(result.verified).toBe(false);
    },
  );

  it('passes a level whose replies all match, under autocannon and in the open loop', async () => {
    const level = spec(address, { requests: 20 });
    const call = await connectLevelRequest(level);
    const result = await autocannonClosedLoop(level, call);
    expect(result).toMatchObject({ successes: 20, errors: {}, verified: true });
    const open = httpFire(level, call);
    try {
      expect(await open.fire(0)).toBe(call.expected.length);
      goodReplies = 0;
      await expect(open.fire(1)).rejects.toThrow(MismatchError);
      expect(open.verified()).toBe(false);
    } finally {
      open.close();
    }
  });
});
