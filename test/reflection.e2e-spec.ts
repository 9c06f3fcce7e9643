// Both gRPC servers through grpcurl, which knows nothing but what server reflection tells it and checks those
// descriptors as strictly as protoc would (Go's protodesc): a wrong descriptor fails here, not in a user's shell.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { rows } from '@app/data-generator';
import { servedShapes } from '@app/shapes';
import { AppProcess, ROOT } from './support/app-process';
import { findGrpcurl } from './support/grpcurl';
import { freePort } from './support/free-port';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(30_000);

const grpcurl = findGrpcurl();
if (!grpcurl.bin) console.warn(`test/reflection.e2e-spec.ts skipped: ${grpcurl.reason}`);

function runGrpcurl(args: string[]): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(grpcurl.bin!, ['-plaintext', '-max-time', '10', ...args], { timeout: 20_000 }, (error, stdout, stderr) =>
      error ? reject(new Error(`grpcurl ${args.join(' ')} failed: ${stderr || error.message}`)) : resolve(stdout),
    ),
  );
}

// grpcurl prints the proto's own field names (row_num; the article's is rowNum) and leaves out zero values (row 0's).
type Printed = { rowNum?: number; row_num?: number };
const rowNumOf = (row: Printed) => row.rowNum ?? row.row_num ?? 0;

const SERVERS = [
  ['grpc-server', 'GRPC_SERVER_PORT'],
  ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
] as const;

(grpcurl.bin ? describe : describe.skip)(
  `grpcurl through server reflection${grpcurl.bin ? '' : ` (skipped: ${grpcurl.reason})`}`,
  () => {
    let env: Record<string, string>;
    const servers: AppProcess[] = [];

    beforeAll(async () => {
      env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()) });
      for (const [app] of SERVERS)
        servers.push(
          new AppProcess(process.execPath, [join(ROOT, 'dist', 'apps', app, 'apps', app, 'src', 'main.js')], env),
        );
      await Promise.all(servers.map((server) => server.waitFor(LISTENING)));
    });

    afterAll(async () => {
      await Promise.all(servers.map((server) => server.stop()));
    });

    describe.each(SERVERS)('%s', (_app, portVariable) => {
      const address = () => `127.0.0.1:${env[portVariable]}`;

      it('lists the sample and health services', async () => {
        const services = (await runGrpcurl([address(), 'list'])).split('\n');
        expect(services).toEqual(expect.arrayContaining(['sample.SampleService', 'grpc.health.v1.Health']));
      });

      it(
        'lists wirebench.admin.Admin (on by default on loopback), which grpcurl can call from reflection ' + 'alone',
        async () => {
          expect((await runGrpcurl([address(), 'list'])).split('\n')).toContain('wirebench.admin.Admin');
          const snapshot = JSON.parse(await runGrpcurl([address(), 'wirebench.admin.Admin/Resources']));
          expect(snapshot.cpuMs).toBeGreaterThan(0);
          expect(snapshot.rssBytes).toBeGreaterThan(0);
        },
      );

      it('describes grpc.health.v1.Health, map field included', async () => {
        expect(await runGrpcurl([address(), 'describe', 'grpc.health.v1.Health'])).toContain(
          'rpc Check ( .grpc.health.v1.HealthCheckRequest ) returns ( .grpc.health.v1.HealthCheckResponse );',
        );
        expect(await runGrpcurl([address(), 'describe', 'grpc.health.v1.HealthListResponse'])).toContain(
          'map<string, .grpc.health.v1.HealthCheckResponse> statuses = 1;',
        );
      });

      it.each(['', 'sample.SampleService'])('Health/Check answers SERVING for %p', async (service) => {
        const reply = await runGrpcurl(['-d', JSON.stringify({ service }), address(), 'grpc.health.v1.Health/Check']);
        expect(JSON.parse(reply)).toEqual({ status: 'SERVING' });
      });

      it('describes sample.SampleService and calls GetSamples for 2 rows', async () => {
        expect(await runGrpcurl([address(), 'describe', 'sample.SampleService'])).toContain(
          'rpc GetSamples ( .sample.GetSamplesParam ) returns ( .sample.Samples );',
        );
        const reply = await runGrpcurl([
          '-emit-defaults',
          '-d',
          '{"count":2}',
          address(),
          'sample.SampleService/GetSamples',
        ]);
        expect(JSON.parse(reply)).toEqual({ samples: rows(2) });
      });

      it("lists every shape's service", async () => {
        const services = (await runGrpcurl([address(), 'list'])).split('\n');
        expect(services).toEqual(expect.arrayContaining(servedShapes().map((shape) => shape.grpcService)));
      });

      // shapes.proto imports google/protobuf/timestamp.proto and NestedRow has a map: grpcurl accepts both from
      // reflection alone, and gets the right number of rows, unary and streamed, from every shape.
      it.each(servedShapes().map((shape) => [shape.name, shape] as const))(
        'fetches %s from reflection alone: unary and stream, the right row count',
        async (_name, shape) => {
          const unary = JSON.parse(
            await runGrpcurl(['-d', '{"count":3}', address(), `${shape.grpcService}/${shape.unaryMethod}`]),
          );
          expect((unary[shape.rowsField] as Printed[]).map(rowNumOf)).toEqual([0, 1, 2]);
          const streamed = await runGrpcurl([
            '-format-error',
            '-d',
            '{"count":5,"offset":10,"chunk_rows":2}',
            address(),
            `${shape.grpcService}/${shape.streamMethod}`,
          ]);
          // grpcurl prints one JSON object per message, separated by blank lines: 2 + 2 + 1 rows.
          const messages = streamed.split(/\n(?=\{)/).map((text) => JSON.parse(text)[shape.rowsField] as Printed[]);
          expect(messages.map((m) => m.map(rowNumOf))).toEqual([[10, 11], [12, 13], [14]]);
        },
      );

      it("Health/Check answers SERVING for every shape's service", async () => {
        for (const shape of servedShapes()) {
          const reply = await runGrpcurl([
            '-d',
            JSON.stringify({ service: shape.grpcService }),
            address(),
            'grpc.health.v1.Health/Check',
          ]);
          expect({ service: shape.grpcService, reply: JSON.parse(reply) }).toEqual({
            service: shape.grpcService,
            reply: { status: 'SERVING' },
          });
        }
      });
    });
  },
);
