// The user's own message end to end, as a team runs it: `npm run bench -- --proto --message --sample` starts the
// servers and the client with it and times every variant on it, verified, the result naming the files by SHA-256;
// a sample that does not survive the mapping, or a partial set of flags, stops the CLI before anything starts; the
// gRPC servers started with the settings serve wirebench.user.UserService to grpcurl through reflection alone; and a
// client started without them refuses `user` like any unknown shape.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { VARIANT_NAMES, VARIANTS as VARIANT_REGISTRY } from '@app/bench';
import { protobufCodecNames } from '@app/codecs';
import { appEntry, isListening } from '@app/bootstrap';
import { JsonRow, protoJsonName, shapeChecksum, toJsonRow, userShape } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { findGrpcurl } from './support/grpcurl';
import { freePort } from './support/free-port';
import { getJson, LISTENING, portsEnv, useStackWithResults } from './support/stack';

jest.setTimeout(240_000);

const PROTO = join(ROOT, 'examples', 'order.proto');
const SAMPLE = join(ROOT, 'examples', 'order.sample.json');
const FLAGS = ['--proto', PROTO, '--message', 'shop.v1.Order', '--sample', SAMPLE];
const SETTINGS = { WIREBENCH_PROTO: PROTO, WIREBENCH_MESSAGE: 'shop.v1.Order', WIREBENCH_SAMPLE: SAMPLE };
const VARIANTS = ['json', 'grpc', 'grpc-stream', 'json-stream', 'proto-http'];
const ROWS = 300;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const lines = (text: string) => text.split('\n').filter((l) => l.trim() !== '');

function bench(args: string[], env: Record<string, string>): AppProcess {
  return new AppProcess(process.execPath, [appEntry('bench-cli', 'main.js', ROOT), ...args], env);
}

/** Whether anything listens on the ports a bench run would start its apps on. */
async function listening(env: Record<string, string>): Promise<string[]> {
  const names = [
    'CLIENT_PORT',
    'JSON_SERVER_PORT',
    'GRPC_SERVER_PORT',
    'FASTIFY_JSON_SERVER_PORT',
    'H2_JSON_SERVER_PORT',
  ];
  const open = await Promise.all(names.map((name) => isListening('127.0.0.1', Number(env[name]))));
  return names.filter((_, i) => open[i]);
}

describe(
  'npm run bench --proto examples/order.proto --message shop.v1.Order --sample ' + 'examples/order.sample.json',
  () => {
    it(`times ${VARIANTS.join(', ')} on the shape user, every result verified, with the files' SHA-256`, async () => {
      const out = mkdtempSync(join(tmpdir(), 'wirebench-user-bench-'));
      try {
        const env = await portsEnv();
        const run = bench(
          [
            ...FLAGS,
            '--variants',
            VARIANTS.join(','),
            '--rows',
            String(ROWS),
            '--chunk-rows',
            '70',
            '--runs',
            '1',
            '--warmup',
            '0',
            '--out',
            out,
          ],
          env,
        );
        const { code } = await run.exited;
        expect({ code, output: code === 0 ? '' : run.output.slice(-4000) }).toEqual({ code: 0, output: '' });
        expect(await listening(env)).toEqual([]);
        const [dir] = readdirSync(out);
        const summary: Record<string, string>[] = parse(readFileSync(join(out, dir, 'summary.csv'), 'utf8'), {
          columns: true,
        });
        expect(
          summary.map((r) => [r.scenario, r.variant, r.shape, r.verified, r.proto_sha256, r.sample_sha256]),
        ).toEqual(
          VARIANTS.map((variant) => [`rows-${ROWS}-user`, variant, 'user', 'true', sha256(PROTO), sha256(SAMPLE)]),
        );
        const runs: Record<string, string>[] = parse(readFileSync(join(out, dir, 'runs.csv'), 'utf8'), {
          columns: true,
        });
        expect(runs.map((r) => [r.shape, r.rows_received, r.proto_sha256])).toEqual(
          VARIANTS.map(() => ['user', String(ROWS), sha256(PROTO)]),
        );
        const result = JSON.parse(readFileSync(join(out, dir, 'result.json'), 'utf8'));
        expect(result.scenarios[0].shapeSource).toEqual({
          protoFile: PROTO,
          message: 'shop.v1.Order',
          sampleFile: SAMPLE,
          counterField: 'order_number',
          protoSha256: sha256(PROTO),
          sampleSha256: sha256(SAMPLE),
        });
        expect(readFileSync(join(out, dir, 'summary.md'), 'utf8')).toContain(
          `- **Message:** shape user is your message shop.v1.Order from ${PROTO} (SHA-256 ${sha256(PROTO)})`,
        );
      } finally {
        rmSync(out, { recursive: true, force: true });
      }
    });

    it('a sample that does not survive the round trip: exit 2 with the one line, before any app starts', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'wirebench-user-bench-bad-'));
      try {
        const big = join(dir, 'big.json');
        writeFileSync(
          big,
          readFileSync(SAMPLE, 'utf8').replace(
            '"customerId": "18446744073709551615"',
            '"customerId": 18446744073709551615',
          ),
        );
        const env = await portsEnv();
        const run = bench(
          ['--proto', PROTO, '--message', 'shop.v1.Order', '--sample', big, '--rows', '10', '--out', dir],
          env,
        );
        expect((await run.exited).code).toBe(2);
        expect(lines(run.output)).toEqual([
          'wirebench bench: invalid --sample: sample field "customerId": 18446744073709551615 does not survive a ' +
            'JSON number (becomes 18446744073709552000); write 64-bit integers as strings, ' +
            '"18446744073709551615" (see --help)',
        ]);
        expect(await listening(env)).toEqual([]);
        expect(readdirSync(dir)).toEqual(['big.json']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it(
      'apps that already answer (started without the message, as start:all leaves them): its own apps on free ' +
        'ports, one line',
      async () => {
        const env = await portsEnv();
        const client = AppProcess.start('client', env);
        try {
          await client.waitFor(LISTENING);
          const run = bench([...FLAGS, '--rows', '10', '--runs', '1', '--warmup', '0', '--variants', 'json,grpc'], env);
          const { code } = await run.exited;
          expect({ code, output: code === 0 ? '' : run.output.slice(-3000) }).toEqual({ code: 0, output: '' });
          expect(lines(run.output).filter((l) => l.includes('free ports'))).toEqual([
            expect.stringMatching(
              new RegExp(
                String.raw`^wirebench bench: apps this run did not start answer at the configured ` +
                  String.raw`addresses \(client\); it starts its own on free ports instead \(CLIENT_PORT=\d+ `,
              ),
            ),
          ]);
          expect(client.running).toBe(true);
        } finally {
          await client.stop();
        }
      },
    );

    it('a partial set of the flags: exit 2 naming what is missing', async () => {
      const run = bench(['--proto', PROTO, '--rows', '10'], await portsEnv());
      expect((await run.exited).code).toBe(2);
      expect(lines(run.output)).toEqual([
        'wirebench bench: --proto is given without --message, --sample: your message needs --proto, --message ' +
          'and --sample together (see --help)',
      ]);
    });
  },
);

const grpcurl = findGrpcurl();
if (!grpcurl.bin) console.warn(`test/user-shape-bench.e2e-spec.ts: grpcurl part skipped: ${grpcurl.reason}`);
const grpcurlRun = async (...args: string[]) =>
  (
    await promisify(execFile)(grpcurl.bin!, ['-plaintext', '-max-time', '10', ...args], {
      encoding: 'utf8',
      timeout: 20_000,
    })
  ).stdout;

// proto-loader loads with keepCase, so reflection's descriptors give each field its proto name and grpcurl prints
// those: renamed as the mapping names them (the example's map keys have no underscores).
function jsonNames(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(jsonNames);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [protoJsonName(k), jsonNames(v)]));
}

(grpcurl.bin ? describe : describe.skip)(
  'both gRPC servers started with the settings, through grpcurl (reflection only)',
  () => {
    const apps: AppProcess[] = [];
    const addresses: Record<string, string> = {};
    beforeAll(async () => {
      const env: Record<string, string> = {
        ...(await portsEnv()),
        BARE_GRPC_SERVER_PORT: String(await freePort()),
        ...SETTINGS,
      };
      apps.push(AppProcess.start('grpc-server', env), AppProcess.start('bare-grpc-server', env));
      await Promise.all(apps.map((a) => a.waitFor(LISTENING)));
      addresses['grpc-server'] = `127.0.0.1:${env.GRPC_SERVER_PORT}`;
      addresses['bare-grpc-server'] = `127.0.0.1:${env.BARE_GRPC_SERVER_PORT}`;
    });
    afterAll(() => Promise.all(apps.map((a) => a.stop())));

    it.each(['grpc-server', 'bare-grpc-server'])(
      '%s lists wirebench.user.UserService, reports it SERVING, and serves verified rows',
      async (app) => {
        const address = addresses[app];
        expect(lines(await grpcurlRun(address, 'list'))).toEqual(
          expect.arrayContaining([
            'wirebench.user.UserService',
            'sample.SampleService',
            'wirebench.shapes.NumericService',
          ]),
        );
        expect(
          JSON.parse(
            await grpcurlRun('-d', '{"service":"wirebench.user.UserService"}', address, 'grpc.health.v1.Health/Check'),
          ),
        ).toEqual({ status: 'SERVING' });
        const shape = userShape({ protoFile: PROTO, message: 'shop.v1.Order', sampleFile: SAMPLE });
        const reply = JSON.parse(
          await grpcurlRun('-emit-defaults', '-d', '{"count": 3}', address, 'wirebench.user.UserService/GetRows'),
        ) as { rows: object[] };
        const rows = reply.rows.map((r) => jsonNames(r) as JsonRow);
        const expected = shape.rows(3).map((r) => toJsonRow(shape, r));
        expect(rows[2]).toEqual(expected[2]);
        expect(shapeChecksum(shape, rows)).toEqual(shapeChecksum(shape, expected));
        const streamed = (
          await grpcurlRun(
            '-d',
            '{"count": 5, "offset": 10, "chunk_rows": 2}',
            address,
            'wirebench.user.UserService/StreamRows',
          )
        ).match(/"order_number"/g);
        expect(streamed).toHaveLength(5);
      },
    );
  },
);

describe('the bare JSON server started with the settings', () => {
  it('serves ?shape=user as JSON and NDJSON, the rows the shape gives', async () => {
    const env = { BARE_JSON_SERVER_PORT: String(await freePort()), ...SETTINGS };
    const server = AppProcess.start('bare-json-server', env);
    try {
      await server.waitFor(LISTENING);
      const shape = userShape({ protoFile: PROTO, message: 'shop.v1.Order', sampleFile: SAMPLE });
      const { status, body } = await getJson(`http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}/samples/3?shape=user`);
      expect({ status, rows: body.rows }).toEqual({ status: 200, rows: shape.rows(3).map((r) => toJsonRow(shape, r)) });
      const ndjson = await (
        await fetch(`http://127.0.0.1:${env.BARE_JSON_SERVER_PORT}/samples/2/stream?shape=user&offset=5`)
      ).text();
      expect(lines(ndjson).map((l) => JSON.parse(l))).toEqual(shape.rows(2, 5).map((r) => toJsonRow(shape, r)));
    } finally {
      await server.stop();
    }
  });
});

describe('the client endpoints and the user shape', () => {
  describe('with the client and the servers started with the settings', () => {
    const setup = useStackWithResults('wirebench-user-stack-', { jsonVariants: true }, SETTINGS);

    it(
      '?shape=user: every variant (the streams and +gzip twins included) verified, with its source; the ' +
        'generated serializers refused',
      async () => {
        // The generated serializers have code for proto/'s messages only: refused for the user's, naming what they
        // serve. (Every protobuf serializer variant: the grpc-* ones, proto-http-static and grpc-stream-static; and the
        // connect family, whose client and servers use protobuf-es's code generated from proto/.)
        const generated = VARIANT_NAMES.filter((v) =>
          (protobufCodecNames() as string[]).includes(
            VARIANT_REGISTRY[v].serializer ?? VARIANT_REGISTRY[v].generatedCode ?? '',
          ),
        );
        const refused = await getJson(
          `${setup.stack.clientUrl}/client/bench?variants=grpc,${generated[0]}&rows=40&runs=1&shape=user`,
        );
        expect([refused.status, refused.body.parameter, refused.body.message]).toEqual([
          400,
          'shape',
          expect.stringContaining(`variant ${generated[0]}`),
        ]);
        // The Go reference servers' code is generated from proto/ too (at setup): refused alike.
        const native = VARIANT_NAMES.filter((v) => VARIANT_REGISTRY[v].native);
        const refusedNative = await getJson(
          `${setup.stack.clientUrl}/client/bench?variants=grpc,${native[0]}&rows=40&runs=1&shape=user`,
        );
        expect([refusedNative.status, refusedNative.body.message]).toEqual([
          400,
          expect.stringContaining(`variant ${native[0]} cannot time shape user (the Go reference servers serve`),
        ]);
        const variants = VARIANT_NAMES.filter((v) => !generated.includes(v) && !native.includes(v));
        const { status, body } = await getJson(
          `${setup.stack.clientUrl}/client/bench?variants=` +
            `${variants.join(',')}&rows=40&chunk=9&runs=1&shape=user&raw=1`,
        );
        expect({ status, message: body.message }).toEqual({ status: 200, message: undefined });
        expect(body.results.map((r: any) => r.variant)).toEqual(variants);
        for (const r of body.results) {
          expect({
            variant: r.variant,
            shape: r.shape,
            verified: r.verified,
            rows: r.runs[0].rowsReceived,
            message: r.shapeSource?.message,
          }).toEqual({ variant: r.variant, shape: 'user', verified: true, rows: 40, message: 'shop.v1.Order' });
        }
        const listed = await getJson(`${setup.stack.clientUrl}/client`);
        expect(listed.body.shapes.map((s: any) => s.name)).toEqual([
          'row',
          'numeric',
          'text',
          'nested',
          'binary',
          'user',
        ]);
      },
    );
  });

  it(
    'a client started without the settings refuses shape=user as an unknown shape, listing the valid ' + 'ones',
    async () => {
      const env = await portsEnv();
      const client = AppProcess.start('client', env);
      try {
        await client.waitFor(LISTENING);
        const { status, body } = await getJson(`http://127.0.0.1:${env.CLIENT_PORT}/client/json/single/1?shape=user`);
        expect({ status, parameter: body.parameter, values: body.limit?.values }).toEqual({
          status: 400,
          parameter: 'shape',
          values: ['row', 'numeric', 'text', 'nested', 'binary'],
        });
      } finally {
        await client.stop();
      }
    },
  );
});
