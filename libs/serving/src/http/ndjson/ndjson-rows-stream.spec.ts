import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { rows } from '@app/data-generator';
import { NdjsonRowsStream } from './ndjson-rows-stream';

async function collect(stream: NdjsonRowsStream): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

const lines = (chunk: Buffer) => chunk.toString('utf8').split('\n');

describe('NdjsonRowsStream', () => {
  it.each([
    [2500, 1000, 0],
    [2000, 1000, 0],
    [7, 3, 40],
    [1, 1000, 2 ** 31 - 1],
  ])(
    '%d rows in chunks of %d from %d: ceil(count/chunk) writes, one row per line, in order',
    async (count, chunkRows, offset) => {
      const chunks = await collect(new NdjsonRowsStream({ count, chunkRows, offset }));
      expect(chunks).toHaveLength(Math.ceil(count / chunkRows));
      for (const chunk of chunks) expect(chunk.toString().endsWith('\n')).toBe(true);
      const parsed = chunks.flatMap((c) =>
        lines(c)
          .slice(0, -1)
          .map((line) => JSON.parse(line)),
      );
      expect(parsed).toEqual(rows(count, offset));
      // Each line is exactly its row's JSON.stringify: standard NDJSON, no pretty-printing, no separators.
      expect(chunks.flatMap((c) => lines(c).slice(0, -1))).toEqual(rows(count, offset).map((r) => JSON.stringify(r)));
      expect(chunks.slice(0, -1).every((c) => lines(c).length - 1 === chunkRows)).toBe(true);
    },
  );

  it('0 rows: no writes at all, and zero-cost phases', async () => {
    const stream = new NdjsonRowsStream({ count: 0, chunkRows: 10, offset: 0 });
    expect(await collect(stream)).toEqual([]);
    expect(stream.phases()).toEqual({ generateMs: 0, serializeMs: 0, sendMs: 0 });
  });

  it('back-pressure: a slow writer never has more than one chunk generated ahead of it', async () => {
    const stream = new NdjsonRowsStream({ count: 50, chunkRows: 5, offset: 0 });
    let accepted = 0;
    let maxAhead = 0;
    // A writable that takes each chunk only after a delay and buffers nothing beyond it.
    const slow = new Writable({
      highWaterMark: 1,
      write(_chunk, _enc, done) {
        setTimeout(() => {
          accepted += 5;
          done();
        }, 2);
      },
    });
    const watch = setInterval(() => (maxAhead = Math.max(maxAhead, stream.rowsSent - accepted)), 0);
    await pipeline(stream, slow);
    clearInterval(watch);
    expect(accepted).toBe(50);
    expect(maxAhead).toBeLessThanOrEqual(10);
    expect(stream.phases().sendMs).toBeGreaterThan(0);
  });

  it('destroyed mid-way (the client left): generates nothing more', async () => {
    const stream = new NdjsonRowsStream({ count: 1_000_000, chunkRows: 100, offset: 0 });
    let seen = 0;
    const taker = new Writable({
      write(_chunk, _enc, done) {
        if (++seen === 3) this.destroy();
        done();
      },
    });
    await expect(pipeline(stream, taker)).rejects.toThrow();
    const sent = stream.rowsSent;
    await new Promise((r) => setTimeout(r, 20));
    expect(stream.rowsSent).toBe(sent);
    expect(sent).toBeLessThanOrEqual(500);
  });
});
