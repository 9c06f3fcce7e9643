import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { DEFAULT_SHAPE, getShape, jsonRowsOf, type Shape } from '@app/shapes';
import type { ServerPhases } from '@app/server-timing';
import { STREAM_PIECE_ROWS } from '../../memory/stream-piece-rows';
import { NdjsonLines, ndjsonLines, type StringifyRows } from './ndjson-lines';

/**
 * Rows `offset` .. `offset + count - 1` of a shape (default: the article's row), `chunkRows` per read; the caller has
 * checked the range.
 */
export interface NdjsonRange {
  count: number;
  chunkRows: number;
  offset: number;
  shape?: Shape;
  /** Another JSON serializer's writing of the rows (`?serializer=`, json-stream-fjs); absent: JSON.stringify. */
  stringify?: StringifyRows;
}

/**
 * NDJSON (one `JSON.stringify(row)` per line, each ending in `\n`), produced one chunk of rows per `_read()`.
 * highWaterMark 0: a consumer (pipe/pipeline into a response) only calls `_read()` again once the previous chunk's
 * write was accepted or the response drained, so at most one chunk waits here and one in the socket's buffer, however
 * slow the reader: generation follows the reader instead of filling memory. Destroying the stream (the client went
 * away) means `_read()` is never called again, so generation stops.
 */
export class NdjsonRowsStream extends Readable {
  private sent = 0;
  private readonly timing = { generateMs: 0, serializeMs: 0, sendMs: 0 };
  // When the last chunk was handed over; the gap to the next _read() is time the connection took to accept it.
  private handedAt: number | null = null;

  private readonly shape: Shape;
  private readonly lines: NdjsonLines;

  constructor(private readonly range: NdjsonRange) {
    super({ highWaterMark: 0 });
    this.shape = range.shape ?? getShape(DEFAULT_SHAPE);
    this.lines = ndjsonLines(this.shape, range.stringify);
  }

  /**
   * Totals so far: generate (the rows in JSON form), serialize (stringify + encode), send (waiting for the response to
   * take a chunk).
   */
  phases(): Required<Pick<ServerPhases, 'generateMs' | 'serializeMs' | 'sendMs'>> {
    return { ...this.timing };
  }

  /** Rows handed to the consumer so far. */
  get rowsSent(): number {
    return this.sent;
  }

  _read(): void {
    // Readable calls _read again only after a push; one chunk is built at a time.
    const started = performance.now();
    if (this.handedAt !== null) this.timing.sendMs += started - this.handedAt;
    this.handedAt = null;
    const left = this.range.count - this.sent;
    if (left <= 0) return void this.push(null);
    this.buildChunk(Math.min(this.range.chunkRows, left)).then(
      (body) => {
        // null: destroyed (the client left) while it was being built; nothing more is made.
        if (body === null) return;
        this.handedAt = performance.now();
        this.push(body);
      },
      (error: Error) => this.destroy(error),
    );
  }

  /**
   * One chunk's NDJSON, built STREAM_PIECE_ROWS rows at a time with a turn of the event loop between pieces, in
   * which a client's disconnect is seen: a chunk of any size stops within a piece once the stream is destroyed (one
   * of 1,000,000 rows used to run to its end, seconds of CPU, after its client had gone).
   */
  private async buildChunk(chunkRows: number): Promise<Buffer | null> {
    const parts: Buffer[] = [];
    let bytes = 0;
    for (let done = 0; done < chunkRows; done += STREAM_PIECE_ROWS) {
      await nextTurn();
      if (this.destroyed) return null;
      let started = performance.now();
      // Generate makes the rows in the form that is sent: for a shape other than the article's row that includes
      // the conversion to its proto3 JSON form (toJson), which is not serializing and is not charged to it.
      const piece = jsonRowsOf(
        this.shape,
        Math.min(STREAM_PIECE_ROWS, chunkRows - done),
        this.range.offset + this.sent + done,
      );
      const now = performance.now();
      this.timing.generateMs += now - started;

      started = now;
      const part = Buffer.from(this.lines(piece), 'utf8');
      parts.push(part);
      bytes += part.length;
      this.timing.serializeMs += performance.now() - started;
    }
    this.sent += chunkRows;
    if (parts.length === 1) return parts[0];
    // One Buffer per chunk: one write, as `chunk` promises.
    const started = performance.now();
    const body = Buffer.concat(parts, bytes);
    this.timing.serializeMs += performance.now() - started;
    return body;
  }
}
