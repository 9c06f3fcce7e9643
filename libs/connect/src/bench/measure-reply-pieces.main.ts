import { performance } from 'node:perf_hooks';
import type { Message } from '@bufbuild/protobuf';
import { createHandlerContext } from '@connectrpc/connect';
import { createMethodSerializationLookup } from '@connectrpc/connect/protocol';
import { InflightBudget } from '@app/serving';
import { getProtobufCodec } from '@app/codecs';
import { parseServerTiming } from '@app/server-timing';
import { getShape } from '@app/shapes';
import { CONNECT_SERVER_OPTIONS } from '../connect-server-options';
import { ConnectRows } from '../rows/connect-rows';
import { rowsServices } from '../rows/rows-services';

// `npx nest build connect && node --expose-gc --max-old-space-size=8192
// dist/libs/connect/connect/src/bench/measure-reply-pieces.main.js [rows (1000000)] [runs (5)]`: what a unary Connect
// reply of the article's rows costs the server, whole (as ConnectRows built it before: every row's message, then
// connect-es's serialization of the lot) against in pieces (ConnectRows now: rows made and encoded 2,000 at a time,
// then connect-es's serialization of the pieces), protobuf and JSON, runs alternating in this one process; medians on
// stdout.

const rows = Number(process.argv[2] ?? 1_000_000);
const runs = Number(process.argv[3] ?? 5);
const shape = getShape('row');
const service = rowsServices()[0];
const method = service.methods.find((m) => m.name === shape.unaryMethod)!;
const NO_LIMIT = { readMaxBytes: 0xffffffff, writeMaxBytes: 0xffffffff };
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

interface Run {
  totalMs: number;
  bytes: number;
  generateMs?: number;
  serializeMs?: number;
  /**
   * In pieces: connect-es's serialization of the reply (protobuf: toBinary's join of the pieces, a copy; JSON: none).
   */
  afterMs?: number;
}

// Before: one message of every row, encoded by connect-es with the options the servers had (no textEncoder).
function whole(json: boolean): Run {
  const serialization = createMethodSerializationLookup(
    method,
    undefined,
    { alwaysEmitImplicit: true, ignoreUnknownFields: false },
    NO_LIMIT,
  ).getO(!json);
  const started = performance.now();
  const message = getProtobufCodec('protobuf-es').forShape(shape).prepare(shape.rows(rows)) as Message;
  const built = performance.now();
  const bytes = serialization.serialize(message).length;
  const ended = performance.now();
  return { totalMs: ended - started, bytes, generateMs: built - started, serializeMs: ended - built };
}

// Now: ConnectRows' own path, its trailer's phases, then connect-es's serialization with the servers' options.
async function inPieces(json: boolean): Promise<Run> {
  const serialization = createMethodSerializationLookup(
    method,
    undefined,
    CONNECT_SERVER_OPTIONS.jsonOptions,
    NO_LIMIT,
  ).getO(!json);
  const connectRows = new ConnectRows(
    { maxRows: rows, maxStreamRows: rows, bufferBytes: 64 * 2 ** 20 },
    new InflightBudget(2 ** 31),
  );
  const ctx = createHandlerContext({
    service,
    method,
    protocolName: 'connect',
    requestMethod: 'POST',
    url: `http://127.0.0.1/${service.typeName}/${method.name}`,
    requestHeader: { 'content-type': json ? 'application/json' : 'application/proto' },
  });
  const started = performance.now();
  const reply = await connectRows.unary({ count: rows }, ctx);
  const built = performance.now();
  const bytes = serialization.serialize(reply).length;
  const ended = performance.now();
  ctx.abort();
  return {
    totalMs: ended - started,
    bytes,
    afterMs: ended - built,
    ...parseServerTiming(ctx.responseTrailer.get('server-timing')).phases,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  for (const json of [false, true]) {
    const results: Record<'whole' | 'pieces', Run[]> = { whole: [], pieces: [] };
    for (let i = 0; i < runs; i++) {
      // Alternating, each after a full collection, so neither inherits the other's garbage or a warmer machine.
      const order: ('whole' | 'pieces')[] = i % 2 === 0 ? ['whole', 'pieces'] : ['pieces', 'whole'];
      for (const how of order) {
        gc();
        const run = how === 'whole' ? whole(json) : await inPieces(json);
        results[how].push(run);
        process.stderr.write(
          `${json ? 'JSON' : 'protobuf'} ${how} run ${i + 1}: ${ms(run.totalMs)} (${run.bytes} bytes)\n`,
        );
      }
    }
    const [w, p] = [results.whole, results.pieces];
    if (w[0].bytes !== p[0].bytes)
      throw new Error(`whole and pieces differ in size: ${w[0].bytes} against ${p[0].bytes}`);
    const phases = (r: Run[]) =>
      `generate ${ms(median(r.map((x) => x.generateMs ?? NaN)))}, serialize ` +
      `${ms(median(r.map((x) => x.serializeMs ?? NaN)))}`;
    process.stdout.write(
      `${json ? 'JSON' : 'protobuf'}, ` +
        `${rows} rows, median of ${runs}: whole ${ms(median(w.map((r) => r.totalMs)))} (${phases(w)}); ` +
        `in pieces ${ms(median(p.map((r) => r.totalMs)))} ` +
        `(${phases(p)} in the trailer, then connect-es's serialization ` +
        `${ms(median(p.map((r) => r.afterMs ?? NaN)))}); ` +
        `pieces / whole ${(median(p.map((r) => r.totalMs)) / median(w.map((r) => r.totalMs))).toFixed(2)}\n`,
    );
  }
}

void main();
