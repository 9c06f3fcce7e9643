// connect-stream's client against a real connect-es server (the fixture): chunks counted and verified as they come for
// every shape, over HTTP/1.1 (the variant's) and h2c alike; a corrupted message is a mismatch, invalid_argument the
// server's refusal, and payload bytes are the messages' without their envelopes.
import { getProtobufCodec } from '@app/codecs';
import { getShape, servedShapes, type ShapeName } from '@app/shapes';
import { CONNECT_CALLS } from '@app/bench';
import type { Scenario } from '@app/bench';
import { executeRun } from '@app/bench';
import { PayloadMismatchError } from '@app/bench';
import { TransportError } from '@app/bench';
import { createConnectClient, type ConnectClient } from './connect-client';
import { ConnectStreamTransport } from './connect-stream.transport';
import { startConnectFixture, type ConnectFixture } from './fixtures/connect-rows-server.fixture';

const SHAPES = servedShapes().map((s) => s.name as ShapeName);

// connect-node's adapter logs a handler that writes after its client left (the timeout, abort and refusal cases leave
// on purpose), sometimes after a block has ended: expected here, so not shown, for the whole file (jest gives each
// file its own console); any other console.error still is.
const log = console.error.bind(console);
jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  if (!(typeof args[0] === 'string' && args[0].startsWith('handler for rpc'))) log(...args);
});

function scenarioOf(shape: ShapeName, rows: number, chunkRows: number): Scenario {
  return {
    name: 't',
    transport: 'connect',
    variant: 'connect-stream',
    shape,
    mode: 'single',
    rowsPerRequest: rows,
    chunkRows,
    requests: 1,
    concurrency: 1,
    runs: 1,
    warmup: 0,
  };
}

describe.each(['1.1', '2'] as const)('ConnectStreamTransport against a connect-es server (HTTP %s)', (httpVersion) => {
  let server: ConnectFixture;
  let corrupt: ConnectFixture;
  const clients: ConnectClient[] = [];
  const transportFor = (baseUrl: string, shape: ShapeName = 'row', timeoutMs = 10_000) => {
    const client = createConnectClient({ ...CONNECT_CALLS['connect-stream'], httpVersion, baseUrl });
    clients.push(client);
    return new ConnectStreamTransport(client, baseUrl, timeoutMs, { shape });
  };
  beforeAll(async () => {
    server = await startConnectFixture({ http2: httpVersion === '2', maxRows: 1000 });
    corrupt = await startConnectFixture({ http2: httpVersion === '2', corrupt: true });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await Promise.all([server.close(), corrupt.close()]);
  });

  it('hands every chunk to the sink as it arrives, counted, the bytes those of the messages', async () => {
    const sizes: number[] = [];
    const streamed = await transportFor(server.baseUrl).streamRows(250, 100, {
      push: (rows) => sizes.push(rows.length),
    });
    expect(sizes).toEqual([100, 100, 50]);
    expect(streamed.chunks).toBe(3);
    const codec = getProtobufCodec('protobuf-es').forShape(getShape('row'));
    const row = getShape('row');
    const bytes = [row.rows(100, 0), row.rows(100, 100), row.rows(50, 200)].reduce(
      (sum, rows) => sum + codec.encode(codec.prepare(rows)).length,
      0,
    );
    expect(streamed.payloadBytes).toBe(bytes);
    expect(streamed.phases!.ttlbMs!).toBeGreaterThanOrEqual(streamed.phases!.ttfbMs!);
  });

  it('verifies every shape chunk by chunk through the engine', async () => {
    for (const shape of SHAPES) {
      const run = await executeRun(scenarioOf(shape, 230, 100), transportFor(server.baseUrl, shape));
      expect([shape, run.rowsReceived]).toEqual([shape, 230]);
    }
  });

  it('is a payload mismatch when a message carries a wrong row', async () => {
    await expect(executeRun(scenarioOf('row', 230, 100), transportFor(corrupt.baseUrl))).rejects.toThrow(
      PayloadMismatchError,
    );
  });

  it("is the server's refusal, naming the limit, for too many rows", async () => {
    const error = await transportFor(server.baseUrl)
      .streamRows(1001, 100, { push: () => undefined })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).failure).toBe('bad-response');
    expect((error as TransportError).message).toMatch(/\[invalid_argument\] count must be at most 1000 \(MAX_ROWS\)/);
  });

  it('times out a stream that goes silent, saying how many rows had arrived', async () => {
    const slow = await startConnectFixture({ http2: httpVersion === '2', stallMs: 2000 });
    try {
      const error = await transportFor(slow.baseUrl, 'row', 150)
        .streamRows(300, 100, { push: () => undefined })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TransportError);
      expect([(error as TransportError).failure, (error as TransportError).rowsReceived]).toEqual(['timeout', 100]);
    } finally {
      await slow.close();
    }
  });

  it('rejects with the reason an abort gave', async () => {
    const controller = new AbortController();
    const reason = new Error('caller left');
    const error = await transportFor(server.baseUrl)
      .streamRows(300, 100, { push: () => controller.abort(reason) }, controller.signal)
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('stops the stream when the sink refuses a chunk, with the sink’s error', async () => {
    const refusal = new Error('no more');
    const error = await transportFor(server.baseUrl)
      .streamRows(500, 100, {
        push: () => {
          throw refusal;
        },
      })
      .catch((e: unknown) => e);
    expect(error).toBe(refusal);
  });
});
