// The binary shape's blob size as configuration, end to end: `npm run bench -- --blob-bytes N` starts the servers
// and the client with BINARY_BLOB_BYTES=N and every result records it; a JSON server started with it sends blobs of
// that size; a bad value stops the CLI with one line (exit 2); and a client and a server started apart with different
// sizes fail with a message naming BINARY_BLOB_BYTES: refused before timing from the servers' own report
// (GET /admin/resources, wirebench.admin.Admin/Resources), or, where they give none, in the checksum mismatch.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { getJson, LISTENING, portsEnv } from './support/stack';

jest.setTimeout(240_000);

const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

function bench(args: string[], env: Record<string, string>): AppProcess {
  return new AppProcess(process.execPath, [appEntry('bench-cli', 'main.js', ROOT), ...args], env);
}

describe('npm run bench --blob-bytes', () => {
  it(
    '--blob-bytes 1024 --shapes binary --variants json,grpc: verified, the size in the CSVs, result.json and ' +
      'summary.md',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-blob-bench-'));
      try {
        const run = bench(
          [
            '--blob-bytes',
            '1024',
            '--shapes',
            'binary',
            '--variants',
            'json,grpc',
            '--rows',
            '50',
            '--runs',
            '2',
            '--warmup',
            '0',
            '--out',
            out,
          ],
          await portsEnv(),
        );
        const { code } = await run.exited;
        expect({ code, output: code === 0 ? '' : run.output.slice(-4000) }).toEqual({ code: 0, output: '' });
        const [dir] = readdirSync(out);
        const summary: Record<string, string>[] = parse(readFileSync(join(out, dir, 'summary.csv'), 'utf8'), {
          columns: true,
        });
        expect(summary.map((r) => [r.variant, r.shape, r.verified, r.blob_bytes])).toEqual([
          ['json', 'binary', 'true', '1024'],
          ['grpc', 'binary', 'true', '1024'],
        ]);
        const runs: Record<string, string>[] = parse(readFileSync(join(out, dir, 'runs.csv'), 'utf8'), {
          columns: true,
        });
        expect(runs.map((r) => [r.shape, r.rows_received, r.blob_bytes])).toEqual(
          Array(4).fill(['binary', '50', '1024']),
        );
        const result = JSON.parse(readFileSync(join(out, dir, 'result.json'), 'utf8'));
        expect(result.scenarios.map((s: { blobBytes?: number }) => s.blobBytes)).toEqual([1024, 1024]);
        // 50 rows of 1,024-byte blobs: the JSON reply carries their base64 (1,368 characters each), not 4,096-byte
        // ones.
        const json = result.scenarios.find((s: { variant: string }) => s.variant === 'json');
        expect(json.payloadBytesPerRequest).toBeGreaterThan(50 * 1368);
        expect(json.payloadBytesPerRequest).toBeLessThan(50 * 2000);
        expect(readFileSync(join(out, dir, 'summary.md'), 'utf8')).toContain(
          '- **Blob size:** shape binary carries a blob of 1024 bytes per row (BINARY_BLOB_BYTES, --blob-bytes; ' +
            'default 4096)',
        );
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );

  it.each([
    [
      ['--blob-bytes', '0'],
      {},
      "wirebench bench: --blob-bytes must be an integer from 1 to 1048576 (the binary shape's blob, " +
        'BINARY_BLOB_BYTES), got "0" (see --help)',
    ],
    [
      ['--shapes', 'binary'],
      { BINARY_BLOB_BYTES: '2000000' },
      'wirebench bench: invalid BINARY_BLOB_BYTES="2000000": must be an integer from 1 to 1048576 (see --help)',
    ],
  ])('a bad size (%j, %j): exit 2 with one line, nothing started', async (args, extra, line) => {
    const run = bench([...args, '--rows', '10'], await portsEnv(extra));
    expect((await run.exited).code).toBe(2);
    expect(lines(run.output)).toEqual([line]);
  });
});

describe('npm run load with BINARY_BLOB_BYTES', () => {
  it(
    'starts the apps with it and checks every reply (in the load generators too) against 1,024-byte ' + 'blobs',
    async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-blob-load-'));
      try {
        const load = new AppProcess(
          process.execPath,
          [
            appEntry('bench-cli', 'load-main.js', ROOT),
            '--shapes',
            'binary',
            '--concurrency',
            '2',
            '--duration',
            '1',
            '--warmup',
            '0',
            '--out',
            out,
          ],
          await portsEnv({ BINARY_BLOB_BYTES: '1024' }),
        );
        const { code } = await load.exited;
        expect({ code, output: code === 0 ? '' : load.output.slice(-4000) }).toEqual({ code: 0, output: '' });
        const levels: Record<string, string>[] = parse(
          readFileSync(join(out, readdirSync(out)[0], 'levels.csv'), 'utf8'),
          { columns: true },
        );
        expect(levels.map((r) => [r.shape, r.transport, r.verified, r.errors])).toEqual([
          ['binary', 'json', 'true', '0'],
          ['binary', 'grpc', 'true', '0'],
        ]);
        // One row a reply: 1,368 characters of base64 and the rest, well short of a 4,096-byte blob's 5,464.
        const json = levels[0];
        expect(Number(json.payload_bytes_per_s) / Number(json.rps)).toBeLessThan(2000);
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    },
  );
});

describe('BINARY_BLOB_BYTES on apps started by hand', () => {
  it('a server given a size out of range stops at start-up with one line naming the range (exit 2)', async () => {
    const server = AppProcess.start('json-server', await portsEnv({ BINARY_BLOB_BYTES: '0' }));
    expect((await server.exited).code).toBe(2);
    expect(lines(server.output)).toEqual([
      'json-server: invalid BINARY_BLOB_BYTES="0": must be an integer from 1 to 1048576',
    ]);
  });

  it(
    'servers with BINARY_BLOB_BYTES=1024 send 1,024-byte blobs; a client with the default refuses them ' +
      'before timing, naming both sizes',
    async () => {
      const env = await portsEnv();
      const servers = [
        AppProcess.start('json-server', { ...env, BINARY_BLOB_BYTES: '1024' }),
        AppProcess.start('grpc-server', { ...env, BINARY_BLOB_BYTES: '1024' }),
      ];
      const client = AppProcess.start('client', env);
      try {
        await Promise.all([...servers, client].map((app) => app.waitFor(LISTENING)));
        const reply = await getJson(`http://127.0.0.1:${env.JSON_SERVER_PORT}/samples/3?shape=binary`);
        expect(reply.status).toBe(200);
        expect(reply.body.rows.map((r: { data: string }) => Buffer.from(r.data, 'base64').length)).toEqual([
          1024, 1024, 1024,
        ]);
        for (const transport of ['json', 'grpc']) {
          const { status, body } = await getJson(
            `http://127.0.0.1:${env.CLIENT_PORT}/client/${transport}/single/3?shape=binary`,
          );
          expect({ status, message: body.message }).toEqual({
            status: 502,
            message: expect.stringContaining(
              'it builds binary rows with BINARY_BLOB_BYTES=1024, this client with BINARY_BLOB_BYTES=4096: ' +
                'start the servers and the client with the same BINARY_BLOB_BYTES',
            ),
          });
        }
        // The other shapes do not depend on it.
        expect((await getJson(`http://127.0.0.1:${env.CLIENT_PORT}/client/json/single/3?shape=numeric`)).status).toBe(
          200,
        );
      } finally {
        await Promise.all([...servers, client].map((app) => app.stop()));
      }
    },
  );

  it(
    'a server that does not report itself (SERVER_RESOURCES=off): the checksum mismatch names ' + 'BINARY_BLOB_BYTES',
    async () => {
      const env = await portsEnv();
      const server = AppProcess.start('json-server', { ...env, BINARY_BLOB_BYTES: '1024', SERVER_RESOURCES: 'off' });
      const client = AppProcess.start('client', env);
      try {
        await Promise.all([server.waitFor(LISTENING), client.waitFor(LISTENING)]);
        const { status, body } = await getJson(`http://127.0.0.1:${env.CLIENT_PORT}/client/json/single/3?shape=binary`);
        expect({ status, message: body.message }).toEqual({
          status: 502,
          message: expect.stringMatching(
            new RegExp(
              String.raw`checksum \S+ != expected \S+; this process's binary blobs are 4096 bytes ` +
                String.raw`\(BINARY_BLOB_BYTES\): a server started with another BINARY_BLOB_BYTES sends other rows$`,
            ),
          ),
        });
      } finally {
        await Promise.all([server.stop(), client.stop()]);
      }
    },
  );
});
