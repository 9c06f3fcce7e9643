// The Nest-hosted Connect server from outside the workbench: grpcurl and a Python grpcio client through its gRPC
// protocol (h2c app), Buf's `buf curl` through the Connect protocol (HTTP/1.1 and h2c) and gRPC-Web. Each fetches
// 10,000 rows, verified by count and checksum of their JSON form. No reflection is served, so the tools read proto/.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { getShape, type JsonRow } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { digests, withRowNum } from './support/connect';
import { findGrpcurl } from './support/grpcurl';
import { findPythonGrpc, pythonFetch } from './support/python-grpc';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(90_000);

const ROWS = 10_000;
const row = getShape('row');
const METHOD = 'sample.SampleService/GetSamples';

const grpcurl = findGrpcurl();
const python = findPythonGrpc();
const BUF = join(ROOT, 'node_modules', '.bin', 'buf');
const buf = existsSync(BUF)
  ? { bin: BUF, reason: '' }
  : { reason: `no ${BUF} (@bufbuild/buf is a devDependency: npm ci)` };
if (!grpcurl.bin) console.warn(`test/connect-interop.e2e-spec.ts: grpcurl skipped: ${grpcurl.reason}`);
if (!python.python) console.warn(`test/connect-interop.e2e-spec.ts: Python grpcio skipped: ${python.reason}`);
if (!buf.bin) console.warn(`test/connect-interop.e2e-spec.ts: buf curl skipped: ${buf.reason}`);

function run(bin: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(bin, args, { cwd: ROOT, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${bin} ${args.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );
}

/** The rows of a printed Samples reply, zero values restored where the printer left them out. */
const printedRows = (text: string): JsonRow[] => (JSON.parse(text) as { samples: JsonRow[] }).samples.map(withRowNum);

const skipTitle = (reason: string) => (reason ? ` (skipped: ${reason})` : '');

describe('the Nest-hosted Connect server from outside', () => {
  let env: Record<string, string>;
  const apps: AppProcess[] = [];
  const h2cAddress = () => `127.0.0.1:${env.H2_JSON_SERVER_PORT}`;

  beforeAll(async () => {
    env = await portsEnv();
    apps.push(AppProcess.start('json-server', env), AppProcess.start('json-h2-server', env));
    await Promise.all(apps.map((app) => app.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.stop()));
  });

  (grpcurl.bin ? it : it.skip)(
    `grpcurl (gRPC over h2c, -proto sample.proto): ${ROWS} rows verified${skipTitle(grpcurl.reason)}`,
    async () => {
      const out = await run(grpcurl.bin!, [
        '-plaintext',
        '-import-path',
        'proto',
        '-proto',
        'sample.proto',
        '-d',
        `{"count":${ROWS}}`,
        h2cAddress(),
        METHOD,
      ]);
      const { received, expected } = digests(row, printedRows(out), ROWS);
      expect(received).toEqual(expected);
    },
  );

  (python.python ? it : it.skip)(
    `Python grpcio (gRPC over h2c): ${ROWS} rows verified${skipTitle(python.reason)}`,
    async () => {
      const fetched = await pythonFetch(python.python!, h2cAddress(), 'sample.SampleService', 'GetSamples', ROWS);
      expect(fetched.messages).toBe(1);
      const { received, expected } = digests(row, fetched.samples as JsonRow[], ROWS);
      expect(received).toEqual(expected);
    },
  );

  describe.each([
    ['Connect, HTTP/1.1 (Express app)', 'JSON_SERVER_PORT', ['--protocol', 'connect']],
    ['Connect, h2c (h2c app)', 'H2_JSON_SERVER_PORT', ['--protocol', 'connect', '--http2-prior-knowledge']],
    ['gRPC-Web, HTTP/1.1 (Express app)', 'JSON_SERVER_PORT', ['--protocol', 'grpcweb']],
  ])(`buf curl --schema proto, %s${skipTitle(buf.reason)}`, (_name, portVariable, flags) => {
    (buf.bin ? it : it.skip)(`${ROWS} rows verified`, async () => {
      const out = await run(buf.bin!, [
        'curl',
        '--schema',
        'proto',
        ...flags,
        '-d',
        `{"count":${ROWS}}`,
        `http://127.0.0.1:${env[portVariable]}/${METHOD}`,
      ]);
      const { received, expected } = digests(row, printedRows(out), ROWS);
      expect(received).toEqual(expected);
    });
  });
});
