// The servers through clients that are not ours: plain fetch, a plain @grpc/grpc-js client loading the .proto,
// a reflection query and a health check, as grpcurl, ghz or a load balancer would make them.
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { join } from 'node:path';
import { protoPath as healthProtoPath } from 'grpc-health-check';
import { checksum, iterateRows, rows } from '@app/data-generator';
import { AppProcess, ROOT } from './support/app-process';
import { LISTENING, portsEnv } from './support/stack';

const LOADER = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };
const MAX_ROWS = 5000;

describe('servers, through plain clients', () => {
  let env: Record<string, string>;
  let json: AppProcess;
  let grpcServer: AppProcess;
  let jsonUrl: string;
  let grpcAddress: string;

  beforeAll(async () => {
    env = await portsEnv({ MAX_ROWS: String(MAX_ROWS) });
    json = AppProcess.start('json-server', env);
    grpcServer = AppProcess.start('grpc-server', env);
    await Promise.all([json.waitFor(LISTENING), grpcServer.waitFor(LISTENING)]);
    jsonUrl = `http://127.0.0.1:${env.JSON_SERVER_PORT}`;
    grpcAddress = `127.0.0.1:${env.GRPC_SERVER_PORT}`;
    // Two Nest apps starting on a busy 2-core runner took longer than Jest's default 5 s for a hook.
  }, 60_000);

  afterAll(async () => {
    await Promise.all([json?.stop(), grpcServer?.stop()]);
  });

  describe('JSON server with fetch', () => {
    it.each(['samples', 'server-a'])('GET /%s/:count returns the generator rows', async (path) => {
      const response = await fetch(`${jsonUrl}/${path}/3`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ samples: rows(3) });
    });

    it('returns an empty list for 0 rows and verifies a larger response by checksum', async () => {
      expect(await (await fetch(`${jsonUrl}/samples/0`)).json()).toEqual({ samples: [] });
      const body = (await (await fetch(`${jsonUrl}/samples/${MAX_ROWS}`)).json()) as { samples: any[] };
      expect(checksum(body.samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
    });

    it.each(['-1', 'abc', '1.5', String(MAX_ROWS + 1)])(
      'answers 400 naming count and its limit for %s',
      async (count) => {
        const response = await fetch(`${jsonUrl}/samples/${count}`);
        expect(response.status).toBe(400);
        const body = (await response.json()) as { parameter: string; limit: number; message: string };
        expect(body.parameter).toBe('count');
        expect(body.limit).toBe(MAX_ROWS);
        expect(body.message).toContain(String(MAX_ROWS));
      },
    );

    it('binds to 127.0.0.1 by default', () => {
      expect(json.output).toContain(`http://127.0.0.1:${env.JSON_SERVER_PORT}`);
    });
  });

  describe('gRPC server with a plain @grpc/grpc-js client', () => {
    let client: grpc.Client & Record<string, (...args: any[]) => any>;

    beforeAll(() => {
      const pkg = grpc.loadPackageDefinition(loadSync(join(ROOT, 'proto', 'sample.proto'), LOADER)) as any;
      client = new pkg.sample.SampleService(grpcAddress, grpc.credentials.createInsecure());
    });
    afterAll(() => client?.close());

    const getSamples = (count: number) =>
      new Promise<{ samples: any[] }>((resolve, reject) =>
        client.GetSamples(
          { count },
          { deadline: Date.now() + 10_000 },
          (error: grpc.ServiceError | null, reply: any) => (error ? reject(error) : resolve(reply)),
        ),
      );

    it('GetSamples returns the generator rows, row 0 included', async () => {
      expect(await getSamples(3)).toEqual({ samples: rows(3) });
      const big = await getSamples(MAX_ROWS);
      expect(checksum(big.samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
    });

    it.each([-1, MAX_ROWS + 1])('answers INVALID_ARGUMENT naming the limit for count %p', async (count) => {
      await expect(getSamples(count)).rejects.toMatchObject({
        code: grpc.status.INVALID_ARGUMENT,
        details: expect.stringContaining(String(MAX_ROWS)),
      });
    });
  });

  it('reflection lists sample.SampleService and the health service', async () => {
    const reflectionProto = join(
      ROOT,
      'node_modules',
      '@grpc',
      'reflection',
      'build',
      'proto',
      'grpc',
      'reflection',
      'v1',
      'reflection.proto',
    );
    const pkg = grpc.loadPackageDefinition(loadSync(reflectionProto, LOADER)) as any;
    const reflection = new pkg.grpc.reflection.v1.ServerReflection(grpcAddress, grpc.credentials.createInsecure());
    const services = await new Promise<string[]>((resolve, reject) => {
      const call = reflection.ServerReflectionInfo();
      call.on('data', (response: any) => {
        resolve(response.list_services_response.service.map((s: { name: string }) => s.name));
        call.end();
      });
      call.on('error', reject);
      call.write({ list_services: '' });
    });
    reflection.close();
    expect(services).toEqual(expect.arrayContaining(['sample.SampleService', 'grpc.health.v1.Health']));
  });

  it('health check answers SERVING for the server and for sample.SampleService', async () => {
    const pkg = grpc.loadPackageDefinition(loadSync(healthProtoPath, LOADER)) as any;
    const health = new pkg.grpc.health.v1.Health(grpcAddress, grpc.credentials.createInsecure());
    const check = (service: string) =>
      new Promise<any>((resolve, reject) =>
        health.Check({ service }, (e: Error | null, r: any) => (e ? reject(e) : resolve(r))),
      );
    expect(await check('')).toEqual({ status: 'SERVING' });
    expect(await check('sample.SampleService')).toEqual({ status: 'SERVING' });
    await expect(check('no.Such')).rejects.toMatchObject({ code: grpc.status.NOT_FOUND });
    health.close();
  });
});
