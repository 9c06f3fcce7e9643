// The connect family end to end: every Connect variant timed through the client app against the real servers (the
// Nest Express, Fastify and h2c apps' Connect routes and the bare Connect server), each result verified (row count
// and checksum); the servers' own limit reaching the caller as a refusal naming it; a server killed mid-stream; and
// `npm run bench` with the family.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { TransportError, VARIANT_NAMES, VARIANTS } from '@app/bench';
import { ConnectStreamTransport, createConnectClient } from '@app/transports';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { getJson, LISTENING, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(240_000);

const CONNECT = VARIANT_NAMES.filter((v) => VARIANTS[v].family === 'connect');

describe('the connect variants through the client app', () => {
  const setup = useStackWithResults('wirebench-connect-', { jsonVariants: true, bareConnect: true });

  it('times every connect variant on 10,000 rows, verified, beside json and grpc', async () => {
    const variants = ['json', 'grpc', ...CONNECT];
    const { status, body } = await getJson(
      `${setup.stack.clientUrl}/client/bench?variants=${variants.join(',')}&rows=10000&runs=2&raw=1`,
    );
    expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
    expect(body.results.map((r: any) => r.variant)).toEqual(variants);
    for (const r of body.results) {
      expect({ variant: r.variant, verified: r.verified, rows: r.runs.map((run: any) => run.rowsReceived) }).toEqual({
        variant: r.variant,
        verified: true,
        rows: [10_000, 10_000],
      });
      expect([r.variant, r.payloadBytesPerRequest > 0, r.stats.medianMs > 0]).toEqual([r.variant, true, true]);
    }
    const byVariant = Object.fromEntries(body.results.map((r: any) => [r.variant, r]));
    // Connect's JSON is protobuf-es's proto3 JSON of the same rows: larger than the binary message, and not the same
    // bytes.
    expect(byVariant['connect-json'].payloadBytesPerRequest).toBeGreaterThan(
      byVariant['connect-proto'].payloadBytesPerRequest,
    );
    // The bare server answers from the same handler: the same message.
    expect(byVariant['connect-bare'].payloadBytesPerRequest).toBe(byVariant['connect-proto'].payloadBytesPerRequest);
    // Each names the server it measured.
    expect(byVariant['connect-bare'].target.server).toBe('bare-connect-server');
    expect(byVariant['connect-h2'].target.server).toBe('json-server');
  });
});

describe('the servers refusing more rows than MAX_ROWS', () => {
  it('reaches the caller as a bad response naming MAX_ROWS (invalid_argument), not a crash', async () => {
    // The client allows 1,000 rows; the Nest app behind connect-proto only 100.
    const env = await portsEnv({ MAX_ROWS: '1000' });
    const json = AppProcess.start('json-server', { ...env, MAX_ROWS: '100' });
    const grpc = AppProcess.start('grpc-server', env);
    const client = AppProcess.start('client', env);
    try {
      await Promise.all([json, grpc, client].map((a) => a.waitFor(LISTENING)));
      const { status, body } = await getJson(
        `http://127.0.0.1:${env.CLIENT_PORT}/client/bench?variants=connect-proto&rows=500&runs=1`,
      );
      expect(status).toBe(502);
      expect(body.message).toContain('[invalid_argument]');
      expect(body.message).toContain('MAX_ROWS');
    } finally {
      await Promise.all([json, grpc, client].map((a) => a.stop()));
    }
  });
});

describe('a Connect server killed mid-stream', () => {
  it('is reported as unavailable, with the rows that had arrived', async () => {
    const env = await portsEnv();
    const port = await freePort();
    const doomed = AppProcess.start('json-server', { ...env, JSON_SERVER_PORT: String(port) });
    await doomed.waitFor(LISTENING);
    const address = `http://127.0.0.1:${port}`;
    const client = createConnectClient({ protocol: 'connect', binary: true, httpVersion: '1.1', baseUrl: address });
    const transport = new ConnectStreamTransport(client, address, 30_000);
    let rows = 0;
    try {
      const error = await transport
        .streamRows(5_000_000, 1000, {
          push: (chunk) => ((rows += chunk.length), rows === 50_000 && doomed.child.kill('SIGKILL')),
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(TransportError);
      expect(error).toMatchObject({ failure: 'unavailable' });
      expect(rows).toBeGreaterThanOrEqual(50_000);
      expect(rows).toBeLessThan(5_000_000);
    } finally {
      client.close();
      await doomed.stop();
    }
  });
});

describe('npm run bench with the connect family', () => {
  it('--variants connect-proto,connect-bare: started, verified, written', async () => {
    const out = mkdtempSync(join(tmpdir(), 'wirebench-bench-connect-'));
    try {
      const bench = new AppProcess(
        process.execPath,
        [
          appEntry('bench-cli', 'main.js', ROOT),
          '--variants',
          'connect-proto,connect-bare',
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
      expect(summary.map((r) => [r.scenario, r.variant, r.verified])).toEqual([
        ['rows-20', 'connect-proto', 'true'],
        ['rows-20', 'connect-bare', 'true'],
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
