// "Hold under abuse, part two", item 2, on the gRPC servers: a unary GetSamples of 1,000,000 rows cancelled while the
// server builds it stops the server's work within a second and gives its memory back. Before, the reply was made in
// one synchronous step: the server kept a core busy for 10-11 s after the cancel and grew to 2.8 GB (3 of 3 probes).
import * as grpc from '@grpc/grpc-js';
import { loadSamplePackageDefinition } from '@app/grpc';
import { AppProcess } from './support/app-process';
import { freePort } from './support/free-port';
import { IDLE_TICKS_LIMIT, rssBytes, rssSettles, ticksInSecondAfter } from './support/process-usage';
import { LISTENING, portsEnv } from './support/stack';

jest.setTimeout(120_000);

const MIB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a cancelled 1,000,000-row unary gRPC reply', () => {
  let env: Record<string, string>;
  const apps: Record<string, AppProcess> = {};
  const pkg = grpc.loadPackageDefinition(loadSamplePackageDefinition()) as any;

  beforeAll(async () => {
    env = await portsEnv({ BARE_GRPC_SERVER_PORT: String(await freePort()) });
    for (const app of ['grpc-server', 'bare-grpc-server'] as const) apps[app] = AppProcess.start(app, env);
    await Promise.all(Object.values(apps).map((a) => a.waitFor(LISTENING)));
  });

  afterAll(async () => {
    await Promise.all(Object.values(apps).map((a) => a.stop()));
  });

  /** GetSamples with `metadata`, cancelled `afterMs` after it was sent; resolves the status it ended with. */
  function cancelledCall(port: string, count: number, metadata: grpc.Metadata, afterMs: number): Promise<grpc.status> {
    const client = new pkg.sample.SampleService(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new Promise((resolve) => {
      const call = client.GetSamples({ count }, metadata, (error: grpc.ServiceError | null) => {
        client.close();
        resolve(error ? error.code : grpc.status.OK);
      });
      setTimeout(() => call.cancel(), afterMs);
    });
  }

  function smallCall(port: string): Promise<number> {
    const client = new pkg.sample.SampleService(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    return new Promise((resolve, reject) =>
      client.GetSamples({ count: 3 }, (error: grpc.ServiceError | null, reply: { samples: unknown[] }) => {
        client.close();
        if (error) reject(error);
        else resolve(reply.samples.length);
      }),
    );
  }

  const serializer = (name: string) => {
    const metadata = new grpc.Metadata();
    metadata.set('wirebench-serializer', name);
    return metadata;
  };

  describe.each([
    ['grpc-server', 'GRPC_SERVER_PORT'],
    ['bare-grpc-server', 'BARE_GRPC_SERVER_PORT'],
  ])('on %s', (name, portVariable) => {
    it.each([
      ['proto-loader (the grpc variant)', () => new grpc.Metadata()],
      ['protobufjs-static (grpc-static)', () => serializer('protobufjs-static')],
      // Before protobuf-es had a piece encoder, its reply was encoded in one toBinary that no cancel could stop.
      ['protobuf-es (grpc-es)', () => serializer('protobuf-es')],
    ])('encoded by %s: the server stops building after the cancel and its memory returns', async (_label, metadata) => {
      const pid = apps[name].child.pid!;
      const port = env[portVariable];
      const rssBefore = rssBytes(pid);
      // 1.5 s in, the server is generating and encoding (the whole reply takes it 5-10 s on 2 cores).
      expect(await cancelledCall(port, 1_000_000, metadata(), 1500)).toBe(grpc.status.CANCELLED);
      // The second from 2 s on: a build still running would use ~100 ticks of it. The second before holds the one full
      // collection an idle server makes 1 s after its last call (reclaimWhenIdle, 0.1-0.2 s of CPU, more on a loaded
      // machine), which is how the abandoned reply's memory goes back.
      const ticks = await ticksInSecondAfter(pid, 2000);
      const settled = await rssSettles(pid, rssBefore + 100 * MIB, 10_000);
      console.log(
        `${name}, ${_label}: CPU ` +
          `${ticks} ticks (10 ms) in the second from 2 s after the cancel; RSS ` +
          `${Math.round(rssBefore / MIB)} MiB before, ${Math.round(settled / MIB)} MiB after`,
      );
      expect(ticks).toBeLessThanOrEqual(IDLE_TICKS_LIMIT);
      expect(settled - rssBefore).toBeLessThan(100 * MIB);
      expect(await smallCall(port)).toBe(3);
      await sleep(100);
      expect(apps[name].running).toBe(true);
    });
  });
});
