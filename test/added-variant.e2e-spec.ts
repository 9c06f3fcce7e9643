// A variant is one registry entry: this spec adds one (a WIREBENCH_VARIANTS file, nothing else changed) and runs it
// through the client's endpoints, the bench CLI and the load mode, each verified and named by it. The entry is a
// real new variant: Nest's ClientGrpc against the bare grpc-js server, so the one factor is the server framework.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { appEntry } from '@app/bootstrap';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { getJson, portsEnv, startStack, type Stack } from './support/stack';

jest.setTimeout(120_000);

const VARIANT = 'grpc-bare-server';
const ENTRY = {
  like: 'grpc',
  address: 'bareGrpcAddress',
  baseline: 'grpc',
  factor: 'server framework',
  changes: "the bare grpc-js server instead of Nest's (same ClientGrpc client)",
  load: { transport: 'grpc', target: 'bare' },
};

describe(`a variant added by one WIREBENCH_VARIANTS entry (${VARIANT})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wirebench-added-variant-'));
  const variantsFile = join(dir, 'variants.json');
  writeFileSync(variantsFile, JSON.stringify({ [VARIANT]: ENTRY }));
  /** What every process of the run sees: the file, and free ports for every app (the bare gRPC server's too). */
  const envWith = async () => ({
    ...(await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()) })),
    WIREBENCH_VARIANTS: variantsFile,
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe('through the client', () => {
    let stack: Stack;
    let bare: AppProcess;
    beforeAll(async () => {
      const env = await envWith();
      stack = await startStack({ ...env, RESULTS_DIR: join(dir, 'client') });
      bare = AppProcess.start('bare-grpc-server', stack.env);
      await bare.waitFor(/listening on/);
    });
    afterAll(async () => {
      await Promise.all([stack?.stop(), bare?.stop()]);
    });

    it('times it beside its baseline, verified, and compares the two on its factor', async () => {
      const { status, body } = await getJson(
        `${stack.clientUrl}/client/compare?variants=grpc,${VARIANT}&rows=200&runs=3`,
      );
      expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
      expect(body.results.map((r: any) => [r.variant, r.transport, r.verified])).toEqual([
        ['grpc', 'grpc', true],
        [VARIANT, 'grpc', true],
      ]);
      // The same rows from the other server: the same payload, from its address.
      const [grpc, added] = body.results;
      expect(added.payloadBytesPerRequest).toBe(grpc.payloadBytesPerRequest);
      expect(body.versus.map((v: any) => [v.variant, v.against, v.factor])).toContainEqual([
        VARIANT,
        'grpc',
        'server framework',
      ]);
      // Its bytes on the wire, counted through the relay it is dialled through as its server is (host:port).
      const wire = await getJson(`${stack.clientUrl}/client/bench?variants=${VARIANT}&rows=100&runs=1&wire=1`);
      expect(wire.status).toBe(200);
      expect(wire.body.results[0].wire.bytesPerRequest).toBeGreaterThan(wire.body.results[0].payloadBytesPerRequest);
      // GET /client lists it with what it changes, as it lists the built-in ones.
      const listed = await getJson(`${stack.clientUrl}/client`);
      expect(JSON.stringify(listed.body)).toContain(ENTRY.changes);
    });
  });

  it('runs through the bench CLI, which starts the bare server its address needs', async () => {
    const out = join(dir, 'bench');
    const bench = new AppProcess(
      process.execPath,
      [appEntry('bench-cli', 'main.js', ROOT), '--variants', `grpc,${VARIANT}`, '--rows', '100'].concat([
        '--runs',
        '2',
        '--warmup',
        '0',
        '--out',
        out,
      ]),
      await envWith(),
    );
    const { code } = await bench.exited;
    expect({ code, output: code === 0 ? '' : bench.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const [run] = readdirSync(out);
    const summary: Record<string, string>[] = parse(readFileSync(join(out, run, 'summary.csv'), 'utf8'), {
      columns: true,
    });
    expect(summary.map((r) => [r.variant, r.verified])).toEqual([
      ['grpc', 'true'],
      [VARIANT, 'true'],
    ]);
    expect(readFileSync(join(out, run, 'summary.md'), 'utf8')).toContain(VARIANT);
  });

  it('runs through the load mode, its levels named by it', async () => {
    const out = join(dir, 'load');
    const load = new AppProcess(
      process.execPath,
      [appEntry('bench-cli', 'load-main.js', ROOT), '--variants', VARIANT, '--concurrency', '4'].concat([
        '--duration',
        '1',
        '--warmup',
        '0',
        '--out',
        out,
        '--format',
        'json',
      ]),
      await envWith(),
    );
    let stdout = '';
    load.child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    const { code } = await load.exited;
    expect({ code, output: code === 0 ? '' : load.output.slice(-4000) }).toEqual({ code: 0, output: '' });
    const levels = JSON.parse(stdout).levels;
    expect(levels.map((l: any) => [l.transport, l.targetKind, l.verified])).toEqual([['grpc', 'bare', true]]);
    expect(levels[0].successes).toBeGreaterThan(0);
    const [run] = readdirSync(out);
    const csv: Record<string, string>[] = parse(readFileSync(join(out, run, 'levels.csv'), 'utf8'), { columns: true });
    expect(csv.map((r) => r.variant)).toEqual([VARIANT]);
  });
});
