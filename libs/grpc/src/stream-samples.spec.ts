import { EventEmitter } from 'node:events';
import { checksum, iterateRows, Row } from '@app/data-generator';
import type { Samples } from './interfaces/sample-service.interface';
import { replyPhases } from './reply-phases';
import { SamplesWritable, writeSampleChunks } from './stream-samples';

/** A call whose buffer holds `room` messages; the test drains it, cancels it, and reads what was written. */
class FakeCall extends EventEmitter implements SamplesWritable {
  readonly written: Samples[] = [];
  cancelled = false;
  ended = false;
  pending = 0;
  constructor(private readonly room = Infinity) {
    super();
  }
  write(message: Samples, callback: () => void): boolean {
    this.written.push(message);
    this.pending++;
    callback();
    return this.pending < this.room;
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

const allRows = (call: FakeCall): Row[] => call.written.flatMap((m) => m.samples);

describe('writeSampleChunks', () => {
  it.each([
    [0, 0, 3],
    [1, 0, 3],
    [9, 0, 3],
    [10, 0, 3],
    [10, 7, 3],
    [2500, 1000, 1000],
  ])('count %d from offset %d in chunks of %d: ceil(count/chunk) messages with the right rows, then end', async (count, offset, chunk) => {
    const call = new FakeCall();
    await expect(writeSampleChunks(call, { count, offset, chunk_rows: chunk })).resolves.toBe('done');
    expect(call.written).toHaveLength(Math.ceil(count / chunk));
    expect(call.written.slice(0, -1).every((m) => m.samples.length === chunk)).toBe(true);
    expect(checksum(allRows(call))).toEqual(checksum(iterateRows(count, offset)));
    expect(call.ended).toBe(true);
  });

  it('generates the next chunk only after drain when the call is full', async () => {
    const call = new FakeCall(2);
    const done = writeSampleChunks(call, { count: 10, offset: 0, chunk_rows: 1 });
    await new Promise((r) => setImmediate(r));
    expect(call.written).toHaveLength(2);
    call.drain();
    await new Promise((r) => setImmediate(r));
    expect(call.written).toHaveLength(4);
    for (let i = 0; i < 3; i++) {
      call.drain();
      await new Promise((r) => setImmediate(r));
    }
    await expect(done).resolves.toBe('done');
    expect(call.written).toHaveLength(10);
    expect(call.listenerCount('drain') + call.listenerCount('cancelled') + call.listenerCount('close')).toBe(0);
  });

  it('stops generating when the client cancels while it waits for drain, and does not end the call', async () => {
    const call = new FakeCall(2);
    const done = writeSampleChunks(call, { count: 1000, offset: 0, chunk_rows: 10 });
    await new Promise((r) => setImmediate(r));
    call.cancel();
    await expect(done).resolves.toBe('cancelled');
    expect(call.written).toHaveLength(2);
    expect(call.ended).toBe(false);
    expect(call.listenerCount('drain')).toBe(0);
  });

  it('points every message at one set of stream totals', async () => {
    const call = new FakeCall();
    await writeSampleChunks(call, { count: 5, offset: 0, chunk_rows: 2 });
    const totals = call.written.map((m) => replyPhases(m)!.stream);
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]!.generateMs).toBeGreaterThan(0);
  });
});
