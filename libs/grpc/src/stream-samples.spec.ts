import { EventEmitter } from 'node:events';
import { checksum, iterateRows, Row } from '@app/data-generator';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';
import { deserializeSamples, rowsCodec } from './samples-codec';
import type { ReplySerializer } from './samples-reply';
import { getShape, type MessageRow } from '@app/shapes';
import { maxProtoRowBytes } from './row-bytes';
import { reclaimWhenIdle, STREAM_PIECE_ROWS } from '@app/serving';
import { SamplesWritable, writeSampleChunks } from './stream-samples';

// The collection a cancelled stream asks for: recorded, not run (a full GC per test would only slow the suite).
jest.mock('@app/serving', () => ({ ...jest.requireActual('@app/serving'), reclaimWhenIdle: jest.fn() }));
const reclaim = reclaimWhenIdle as jest.MockedFunction<typeof reclaimWhenIdle>;

const BUDGET = 1024 ** 3;

/**
 * A call whose buffer holds `room` messages; the test drains it, cancels it, and reads what was written. With
 * `holdCallbacks` the HTTP/2 stream "takes" nothing until the test calls takeAll().
 */
class FakeCall extends EventEmitter implements SamplesWritable {
  readonly written: Samples[] = [];
  readonly bytes: Buffer[] = [];
  cancelled = false;
  ended = false;
  pending = 0;
  private held: Array<() => void> = [];
  constructor(
    private readonly room = Infinity,
    private readonly holdCallbacks = false,
  ) {
    super();
  }
  write(message: Samples, callback: () => void): boolean {
    this.written.push(message);
    // What grpc-js would send: the chunk loop's own encoding, passed through by the server's serializer.
    this.bytes.push(replyPhases(message)!.encoded!);
    this.pending++;
    if (this.holdCallbacks) this.held.push(callback);
    else callback();
    return this.pending < this.room;
  }
  takeAll(): void {
    const held = this.held;
    this.held = [];
    for (const callback of held) callback();
  }
  end(): void {
    this.ended = true;
  }
  drain(): void {
    this.pending = 0;
    this.emit('drain');
  }
  cancel(): void {
    this.cancelled = true;
    this.emit('cancelled');
  }
}

const allRows = (call: FakeCall): Row[] => call.bytes.flatMap((b) => deserializeSamples(b).samples);
const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
};

describe('writeSampleChunks', () => {
  it.each([
    [0, 0, 3],
    [1, 0, 3],
    [9, 0, 3],
    [10, 0, 3],
    [10, 7, 3],
    [2500, 1000, 1000],
  ])(
    'count %d from offset %d in chunks of %d: ceil(count/chunk) messages with the right rows, then end',
    async (count, offset, chunk) => {
      const call = new FakeCall();
      await expect(writeSampleChunks(call, { count, offset, chunk_rows: chunk }, BUDGET)).resolves.toBe('done');
      expect(call.written).toHaveLength(Math.ceil(count / chunk));
      expect(call.bytes.slice(0, -1).every((b) => deserializeSamples(b).samples.length === chunk)).toBe(true);
      expect(checksum(allRows(call))).toEqual(checksum(iterateRows(count, offset)));
      expect(call.ended).toBe(true);
    },
  );

  it(
    'with a serializer, prepares and encodes every piece with it (a 1,000-row chunk is several pieces): the ' +
      "same messages proto-loader's encoder writes",
    async () => {
      const shape = getShape('numeric');
      const prepared: number[] = [];
      const serializer: ReplySerializer<{ rows: readonly MessageRow[] }> = {
        prepare: (rows) => {
          prepared.push(rows.length);
          return { rows };
        },
        // Another encoder's bytes as a Uint8Array (not a Buffer), as protobuf-es gives them.
        encode: ({ rows }) => new Uint8Array(rowsCodec(shape).serialize({ [shape.rowsField]: rows })),
        pieceEncoder: () => {
          throw new Error('a stream encodes each message whole: only large unary replies use a piece encoder');
        },
      };
      const withSerializer = new FakeCall();
      const plain = new FakeCall();
      const param = { count: 2500, offset: 3, chunk_rows: 1000 };
      await writeSampleChunks(withSerializer, param, BUDGET, shape, serializer as ReplySerializer);
      await writeSampleChunks(plain, param, BUDGET, shape);
      expect(prepared.reduce((a, b) => a + b, 0)).toBe(2500);
      expect(Math.max(...prepared)).toBeLessThanOrEqual(STREAM_PIECE_ROWS);
      expect(withSerializer.bytes.map((b) => Buffer.isBuffer(b))).toEqual([true, true, true]);
      expect(withSerializer.bytes.map((b) => b.toString('base64'))).toEqual(
        plain.bytes.map((b) => b.toString('base64')),
      );
    },
  );

  it('generates the next chunk only after drain when the call is full', async () => {
    const call = new FakeCall(2);
    const done = writeSampleChunks(call, { count: 10, offset: 0, chunk_rows: 1 }, BUDGET);
    await turns(10);
    expect(call.written).toHaveLength(2);
    call.drain();
    await turns(10);
    expect(call.written).toHaveLength(4);
    for (let i = 0; i < 3; i++) {
      call.drain();
      await turns(10);
    }
    await expect(done).resolves.toBe('done');
    expect(call.written).toHaveLength(10);
    expect(call.listenerCount('drain') + call.listenerCount('cancelled') + call.listenerCount('close')).toBe(0);
  });

  it('stops generating when the client cancels while it waits for drain, and does not end the call', async () => {
    const call = new FakeCall(2);
    const done = writeSampleChunks(call, { count: 1000, offset: 0, chunk_rows: 10 }, BUDGET);
    await turns(10);
    call.cancel();
    await expect(done).resolves.toBe('cancelled');
    expect(call.written).toHaveLength(2);
    expect(call.ended).toBe(false);
    expect(call.listenerCount('drain')).toBe(0);
  });

  it(
    'asks for a collection once no stream runs when one is cancelled (its queued bytes are garbage nothing ' +
      'else collects), none when one ends',
    async () => {
      reclaim.mockClear();
      await writeSampleChunks(new FakeCall(), { count: 10, offset: 0, chunk_rows: 2 }, BUDGET);
      expect(reclaim).not.toHaveBeenCalled();
      const other = new FakeCall(1);
      const running = writeSampleChunks(other, { count: 1000, offset: 0, chunk_rows: 10 }, BUDGET);
      const call = new FakeCall(2);
      const done = writeSampleChunks(call, { count: 1000, offset: 0, chunk_rows: 10 }, BUDGET);
      await turns(10);
      call.cancel();
      await expect(done).resolves.toBe('cancelled');
      expect(reclaim).toHaveBeenCalledTimes(1);
      const idle = reclaim.mock.calls[0][0];
      // Another stream still runs: not idle until it ends too.
      expect(idle()).toBe(false);
      other.cancel();
      await running;
      expect(idle()).toBe(true);
    },
  );

  it('points every message at one set of stream totals', async () => {
    const call = new FakeCall();
    await writeSampleChunks(call, { count: 5, offset: 0, chunk_rows: 2 }, BUDGET);
    const totals = call.written.map((m) => replyPhases(m)!.stream);
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]!.generateMs).toBeGreaterThan(0);
  });

  it(
    'a chunk of any size is built in pieces: a cancel in the middle of a 1,000,000-row chunk stops it within ' +
      'a piece',
    async () => {
      const call = new FakeCall();
      const done = writeSampleChunks(call, { count: 100_000_000, offset: 0, chunk_rows: 1_000_000 }, BUDGET);
      await turns(3);
      call.cancel();
      const started = Date.now();
      await expect(done).resolves.toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(call.written).toHaveLength(0);
    },
  );

  it(
    'holds at most STREAM_BUFFER_BYTES: no chunk is built while written bytes the stream has not taken would ' +
      'pass it',
    async () => {
      const chunkBytes = 1000 * maxProtoRowBytes(99_999);
      const call = new FakeCall(Infinity, true);
      const done = writeSampleChunks(call, { count: 100_000, offset: 0, chunk_rows: 1000 }, 3 * chunkBytes);
      await turns(20);
      // Three chunks fit the budget; the fourth waits for the stream to take some.
      expect(call.written).toHaveLength(3);
      call.takeAll();
      await turns(20);
      expect(call.written).toHaveLength(6);
      call.cancel();
      await expect(done).resolves.toBe('cancelled');
      expect(STREAM_PIECE_ROWS).toBeLessThanOrEqual(10_000);
    },
  );
});
