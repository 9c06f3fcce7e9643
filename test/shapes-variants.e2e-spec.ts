// The shape axis end to end: every variant (the streams and the +gzip twins included) times every shape through the
// client app against the real servers, each result verified (row count and checksum against the digest for that
// shape and size) with payload bytes measured; and `npm run bench --shapes` records the shape in its CSVs.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { isStreamingVariant, shapeRefusal, VARIANT_NAMES, VARIANTS, type VariantName } from '@app/bench';
import { appEntry } from '@app/bootstrap';
import { nativeAppsUnavailable } from '@app/bootstrap';
import { shapeNames } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { getJson, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(240_000);

const ROWS = 30;

describe('every variant on every shape, through the client app', () => {
  // The Go reference servers too, where setup:go-servers built them (test/go-servers.e2e-spec.ts says why not).
  const goServers = nativeAppsUnavailable() === null;
  const setup = useStackWithResults('wirebench-shapes-', { jsonVariants: true, bareConnect: true, goServers });

  it.each(shapeNames())('%s: every variant verified, with payload bytes, the shape recorded', async (shape) => {
    // One call per shape: all variants side by side, the streams in chunks smaller than the reply; not the pairs a
    // serializer refuses (pbf on numeric and nested: test/serializer-variants.e2e-spec.ts checks those 400s).
    const served = VARIANT_NAMES.filter((v) => shapeRefusal(v, shape) === null && (goServers || !VARIANTS[v].native));
    const { status, body } = await getJson(
      `${setup.stack.clientUrl}/client/bench?variants=` +
        `${served.join(',')}&rows=${ROWS}&chunk=7&runs=1&shape=${shape}&raw=1`,
    );
    expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
    expect(body.results.map((r: any) => r.variant)).toEqual(served);
    for (const r of body.results) {
      expect({ variant: r.variant, shape: r.shape, verified: r.verified, rows: r.runs[0].rowsReceived }).toEqual({
        variant: r.variant,
        shape,
        verified: true,
        rows: ROWS,
      });
      expect([r.variant, r.payloadBytesPerRequest > 0]).toEqual([r.variant, true]);
      // The phases came through for every shape's methods: first byte (gRPC: the phase interceptor) and decode
      // (gRPC: the measured deserializer of withPayloadByteCounts; Connect: inside connect-es, not timed apart).
      const decodeTimed = VARIANTS[r.variant as VariantName].family !== 'connect';
      expect([
        r.variant,
        r.phases.ttfbMs > 0,
        decodeTimed ? r.phases.clientDecodeMs > 0 : r.phases.clientDecodeMs,
      ]).toEqual([r.variant, true, decodeTimed ? true : null]);
      expect(r.name).toBe(
        `single rows=${ROWS}${isStreamingVariant(r.variant) ? ' chunk=7' : ''}${
          shape === 'row' ? '' : ` shape=${shape}`
        }`,
      );
    }
    // A +gzip twin carries the same payload as its path: the bytes after gunzip are the same rows.
    const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
    expect(byVariant['json+gzip'].payloadBytesPerRequest).toBe(byVariant.json.payloadBytesPerRequest);
    // Protobuf over HTTP and gRPC carry the shape's one message: the same bytes.
    expect(byVariant['proto-http'].payloadBytesPerRequest).toBe(byVariant.grpc.payloadBytesPerRequest);
    // Every binary Connect protocol carries protobuf-es's encoding of the same rows, as grpc-es does (proto-loader's
    // may differ by a few bytes: the two encoders do not write every field alike).
    for (const v of ['connect-proto', 'connect-h2', 'connect-grpc', 'grpc-web', 'connect-bare'])
      expect([v, byVariant[v].payloadBytesPerRequest]).toEqual([v, byVariant['grpc-es'].payloadBytesPerRequest]);
  });

  it('counts wire bytes for another shape through the relay twin', async () => {
    const { status, body } = await getJson(
      `${setup.stack.clientUrl}/client/compare?variants=json,grpc,json-stream,grpc-stream&rows=` +
        `${ROWS}&runs=1&wire=1&shape=nested`,
    );
    expect(status).toBe(200);
    for (const r of body.results) {
      expect([r.variant, r.shape, r.verified]).toEqual([r.variant, 'nested', true]);
      expect(r.wire.bytesPerRequest).toBeGreaterThan(r.payloadBytesPerRequest);
    }
  });
});

describe('npm run bench --shapes', () => {
  it('runs each case once per shape and writes the shape column', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-bench-shapes-'));
    try {
      const bench = new AppProcess(
        process.execPath,
        [
          appEntry('bench-cli', 'main.js', ROOT),
          '--shapes',
          'numeric,nested',
          '--variants',
          'json,grpc',
          '--rows',
          '20',
          '--runs',
          '1',
          '--warmup',
          '0',
          '--out',
          out,
        ],
        await portsEnv(),
      );
      const { code } = await bench.exited;
      expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
      const [dir] = readdirSync(out);
      const summary: Record<string, string>[] = parse(readFileSync(join(out, dir, 'summary.csv'), 'utf8'), {
        columns: true,
      });
      expect(summary.map((r) => [r.scenario, r.variant, r.shape, r.verified])).toEqual([
        ['rows-20-numeric', 'json', 'numeric', 'true'],
        ['rows-20-numeric', 'grpc', 'numeric', 'true'],
        ['rows-20-nested', 'json', 'nested', 'true'],
        ['rows-20-nested', 'grpc', 'nested', 'true'],
      ]);
      const runs: Record<string, string>[] = parse(readFileSync(join(out, dir, 'runs.csv'), 'utf8'), { columns: true });
      expect(runs.map((r) => r.shape)).toEqual(['numeric', 'numeric', 'nested', 'nested']);
      expect(readFileSync(join(out, dir, 'summary.md'), 'utf8')).toMatch(/\| rows-20-nested \| grpc \| nested \|/);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
