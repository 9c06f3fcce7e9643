// SERVER_WORKERS=2: each server runs as a node:cluster primary and two workers sharing its port. Requests are
// answered by the workers (gRPC included: grpc-js's http2 server under cluster), nothing outlives a SIGTERM to the
// primary, and a worker that dies takes the server down instead of being restarted.
import * as grpc from '@grpc/grpc-js';
import { loadSync } from '@grpc/proto-loader';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { join } from 'node:path';
import { checksum, iterateRows } from '@app/data-generator';
import { AppProcess, ROOT } from './support/app-process';
import { freePort } from './support/free-port';
import { portsEnv } from './support/stack';
import { pidsWithEnv } from './support/processes';

jest.setTimeout(30_000);

const LOADER = { keepCase: true, longs: String, enums: String, defaults: true, oneofs: true };
const MAX_ROWS = 2000;
const MARKER = 'WIREBENCH_TEST_RUN';
type ServerApp = 'json-server' | 'grpc-server' | 'bare-json-server' | 'bare-grpc-server';

function startServer(app: ServerApp, env: Record<string, string>): AppProcess {
  return AppProcess.start(app, env);
}

/** PIDs holding an established TCP connection whose local port is `port` (the server side of it). */
function pidsServingConnections(port: number, pids: number[]): number[] {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length > 9 && f[1].endsWith(hexPort) && f[3] === '01') inodes.add(`socket:[${f[9]}]`);
    }
  }
  return pids.filter((pid) =>
    readdirSync(`/proc/${pid}/fd`).some((fd) => inodes.has(safeReadlink(`/proc/${pid}/fd/${fd}`))),
  );
}

function safeReadlink(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '';
  }
}

async function noneLeft(value: string): Promise<number[]> {
  for (let i = 0; i < 50 && pidsWithEnv(MARKER, value).length > 0; i++) await new Promise((r) => setTimeout(r, 100));
  return pidsWithEnv(MARKER, value);
}

function grpcClient(address: string): grpc.Client & Record<string, (...args: any[]) => any> {
  const pkg = grpc.loadPackageDefinition(loadSync(join(ROOT, 'proto', 'sample.proto'), LOADER)) as any;
  // A channel of its own (no shared subchannel), so each client is one more connection for the cluster to hand out.
  return new pkg.sample.SampleService(address, grpc.credentials.createInsecure(), {
    'grpc.use_local_subchannel_pool': 1,
  });
}

function getSamples(
  client: grpc.Client & Record<string, (...args: any[]) => any>,
  count: number,
): Promise<{ samples: any[] }> {
  return new Promise((resolve, reject) =>
    client.GetSamples({ count }, { deadline: Date.now() + 10_000 }, (error: grpc.ServiceError | null, reply: any) =>
      error ? reject(error) : resolve(reply),
    ),
  );
}

describe('SERVER_WORKERS=2', () => {
  const run = `workers-${process.pid}-${Date.now()}`;
  const servers = {} as Record<ServerApp, { proc: AppProcess; port: number; marker: string }>;
  const portVariable: Record<ServerApp, string> = {
    'json-server': 'JSON_SERVER_PORT',
    'grpc-server': 'GRPC_SERVER_PORT',
    'bare-json-server': 'BARE_JSON_SERVER_PORT',
    'bare-grpc-server': 'BARE_GRPC_SERVER_PORT',
  };

  beforeAll(async () => {
    const env = await portsEnv({
      SERVER_WORKERS: '2',
      MAX_ROWS: String(MAX_ROWS),
      BARE_JSON_SERVER_PORT: String(await freePort()),
      BARE_GRPC_SERVER_PORT: String(await freePort()),
    });
    for (const app of Object.keys(portVariable) as ServerApp[]) {
      // One marker value per server, so its processes can be counted apart from the others'.
      const marker = `${run}-${app}`;
      servers[app] = {
        proc: startServer(app, { ...env, [MARKER]: marker }),
        port: Number(env[portVariable[app]]),
        marker,
      };
    }
    // Twelve Node processes start at once (four servers, each a primary and two workers): on a busy 2-core runner
    // that took longer than waitFor's default 20 s.
    await Promise.all(
      Object.entries(servers).map(([app, s]) =>
        s.proc.waitFor(new RegExp(`^${app}: 2 workers on 127\\.0\\.0\\.1:${s.port}$`, 'm'), 60_000),
      ),
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.all(Object.values(servers).map((s) => s.proc.stop()));
  });

  it.each(['json-server', 'grpc-server', 'bare-json-server', 'bare-grpc-server'] as ServerApp[])(
    '%s runs as a primary and 2 workers, and says so in one line',
    (app) => {
      const { proc, marker } = servers[app];
      expect(proc.output.match(/workers on/g)).toHaveLength(1);
      const pids = pidsWithEnv(MARKER, marker);
      expect(pids).toHaveLength(3);
      expect(pids).toContain(proc.child.pid);
    },
  );

  it.each(['json-server', 'bare-json-server'] as ServerApp[])(
    '%s serves correct rows from both workers',
    async (app) => {
      const { proc, port, marker } = servers[app];
      const workers = pidsWithEnv(MARKER, marker).filter((pid) => pid !== proc.child.pid);
      // Keep-alive sockets stay open after their response, so where each connection landed can be read off /proc.
      const bodies = await Promise.all(
        [1, 2, 3, 4].map(async () => {
          const response = await fetch(`http://127.0.0.1:${port}/samples/${MAX_ROWS}`);
          return (await response.json()) as { samples: any[] };
        }),
      );
      for (const body of bodies) expect(checksum(body.samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
      expect(pidsServingConnections(port, workers).sort()).toEqual(workers.sort());
      expect(pidsServingConnections(port, [proc.child.pid!])).toEqual([]);
    },
  );

  it.each(['grpc-server', 'bare-grpc-server'] as ServerApp[])(
    '%s serves correct rows and errors from both workers over separate connections',
    async (app) => {
      const { proc, port, marker } = servers[app];
      const workers = pidsWithEnv(MARKER, marker).filter((pid) => pid !== proc.child.pid);
      const clients = [1, 2, 3, 4].map(() => grpcClient(`127.0.0.1:${port}`));
      try {
        const replies = await Promise.all(clients.map((c) => getSamples(c, MAX_ROWS)));
        for (const reply of replies) expect(checksum(reply.samples)).toEqual(checksum(iterateRows(MAX_ROWS)));
        await expect(getSamples(clients[0], MAX_ROWS + 1)).rejects.toMatchObject({
          code: grpc.status.INVALID_ARGUMENT,
        });
        // Round-robin hands the four connections to both workers; the primary only accepts and passes them on.
        expect(pidsServingConnections(port, workers).sort()).toEqual(workers.sort());
        expect(pidsServingConnections(port, [proc.child.pid!])).toEqual([]);
      } finally {
        clients.forEach((c) => c.close());
      }
    },
  );

  it('a worker that dies takes the server down, naming it, with a non-zero exit and nothing left', async () => {
    const { proc, marker } = servers['bare-json-server'];
    const [victim] = pidsWithEnv(MARKER, marker).filter((pid) => pid !== proc.child.pid);
    process.kill(victim, 'SIGKILL');
    expect((await proc.exited).code).toBe(1);
    expect(proc.output).toContain(
      `bare-json-server: worker ${victim} exited unexpectedly (SIGKILL); stopping the others`,
    );
    expect(await noneLeft(marker)).toEqual([]);
  });

  it.each(['json-server', 'grpc-server', 'bare-grpc-server'] as ServerApp[])(
    'SIGTERM to the %s primary stops its workers and exits 0',
    async (app) => {
      const { proc, marker } = servers[app];
      const started = Date.now();
      proc.child.kill('SIGTERM');
      expect(await proc.exited).toEqual({ code: 0, signal: null });
      // Well inside the primary's SIGKILL fallback: the workers were asked to stop and did.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await noneLeft(marker)).toEqual([]);
    },
  );

  it('a port in use stops every worker and ends in one line naming the address', async () => {
    const env = await portsEnv({ SERVER_WORKERS: '2', [MARKER]: `${run}-busy` });
    const blocker: Server = createServer();
    await new Promise<void>((r) => blocker.listen(Number(env.GRPC_SERVER_PORT), '127.0.0.1', r));
    try {
      const proc = startServer('grpc-server', env);
      expect((await proc.exited).code).toBe(1);
      const errorLines = proc.output.split('\n').filter((l) => l.startsWith('grpc-server:'));
      expect(errorLines).toEqual([
        `grpc-server: cannot listen on 127.0.0.1:${env.GRPC_SERVER_PORT}: address already in use`,
      ]);
      expect(await noneLeft(`${run}-busy`)).toEqual([]);
    } finally {
      blocker.close();
    }
  });
});
